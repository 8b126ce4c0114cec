// The rights desk's door (decision 0047): its routes for worker/app.ts, its daily jobs for the
// job registry.
export { privacyDeskRoutes } from './routes';
export { privacyAlerts, privacyDeadlines } from './deadlines';
export { purgeRetained, PRIVACY_RECORD_TABLES, RETAINED_TABLES, RETENTION_KEY } from './suppression';
