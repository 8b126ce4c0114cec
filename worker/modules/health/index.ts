// The health module's door (docs/decisions/0047-module-doors.md).
export { healthRoutes } from './routes';
