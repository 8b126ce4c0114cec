// The help-centre module's door (docs/decisions/0047-module-doors.md).
export { helpRoutes } from './routes';
