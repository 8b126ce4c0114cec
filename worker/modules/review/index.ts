// The review module's door: the administrators' queues, registered users and the state history
// (docs/decisions/0047-module-doors.md).
export { reviewModuleRoutes } from './module-routes';
