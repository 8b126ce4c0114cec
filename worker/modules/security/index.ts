// The security module's door: users, roles and permissions (docs/decisions/0047-module-doors.md).
export { securityRoutes } from './routes';
export { ROLE_AUDITED, ROLE_RESTORABLE, restoreRole } from './roles';
export { restorePhoto, restoreUser, USER_AUDITED, USER_RESTORABLE } from './users';
