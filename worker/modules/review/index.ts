// The review module's door: the administrators' queues, registered users and the state history
// (docs/decisions/0047-module-doors.md).
export { historyRoutes } from './history';
export { registeredUserRoutes } from './registered-users';
export { reviewRoutes } from './routes';
