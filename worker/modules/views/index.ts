// The saved-views module's door (docs/decisions/0047-module-doors.md).
export { viewRoutes } from './routes';
