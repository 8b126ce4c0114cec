// The profile module's door: the member's own data and its readers, which the account export and
// the administrators' review also show (docs/decisions/0047-module-doors.md).
export { BENEFICIARY_RESTORABLE, beneficiariesOf, restoreBeneficiary } from './beneficiaries';
export { IDENTITY_RESTORABLE, identityOf, restoreIdentity } from './identity';
export { notificationsOf } from './notifications';
export { PAYMENT_RESTORABLE, paymentInfoOf, restorePaymentInfo } from './payment';
export { PERSONAL_RESTORABLE, personalInfoOf, restorePersonalInfo, savePersonalInfo } from './personal';
export {
  PERFIL_RESTORABLE,
  PROFILE_REVIEW_TITLE,
  profileOf,
  PUBLICATION_TITLE,
  restoreProfile,
} from './profile';
export { profileRoutes } from './routes';
