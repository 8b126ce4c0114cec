export { privacyRoutes } from './routes';
export { checkRegistrationConsent, currentNotice, requireGrant } from './service';
