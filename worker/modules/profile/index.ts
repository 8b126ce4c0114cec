// The profile module's door: the member's own data and its readers, which the account export and
// the administrators' review also show (docs/decisions/0047-module-doors.md).
export { beneficiariesOf } from './beneficiaries';
export { identityOf } from './identity';
export { notificationsOf } from './notifications';
export { paymentInfoOf } from './payment';
export { personalInfoOf, savePersonalInfo } from './personal';
export { profileOf } from './profile';
export { profileRoutes } from './routes';
