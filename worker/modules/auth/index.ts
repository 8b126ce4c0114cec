// The auth module's door: the only file other modules (and worker/app.ts) import (docs/decisions/0047-module-doors.md).
export { accountRoutes } from './account';
export { authRoutes } from './routes';
export { clearLockout, lockedAccounts } from './credentials';
export { revokeSessions } from './sessions';
export { disableTotp } from './two-factor';
