// The reports module's door (docs/decisions/0047-module-doors.md).
export { reportRoutes } from './routes';
