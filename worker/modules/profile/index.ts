// The profile module's door: the member's own data and its readers, which the account export and
// the administrators' review also show (docs/decisions/0047-module-doors.md).
export {
  BENEFICIARY_RESTORABLE,
  beneficiariesOf,
  beneficiaryRoutes,
  restoreBeneficiary,
} from './beneficiaries';
export { galleryRoutes } from './gallery';
export {
  IDENTITY_AUDITED,
  IDENTITY_RESTORABLE,
  identityOf,
  identityRoutes,
  restoreIdentity,
} from './identity';
export { PERFIL_AUDITED } from './profile-audit';
export { notificationRoutes, notificationsOf } from './notifications';
export { PAYMENT_RESTORABLE, paymentInfoOf, paymentRoutes, restorePaymentInfo } from './payment';
export {
  PERSONAL_RESTORABLE,
  personalInfoOf,
  personalRoutes,
  restorePersonalInfo,
  savePersonalInfo,
} from './personal';
export {
  ownProfileRoutes,
  PERFIL_RESTORABLE,
  PROFILE_REVIEW_TITLE,
  profileOf,
  PUBLICATION_TITLE,
  restoreProfile,
} from './profile';
