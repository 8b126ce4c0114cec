// The system-status module's door (docs/decisions/0047-module-doors.md).
export { systemRoutes } from './routes';
export { STATUS_QUEUES, type QueueDef } from './queues';
