// The tax-withholding module's door (decision 0047): its routes for worker/app.ts.
export {
  certificateRoutes,
  withdrawalAdminRoutes,
  withdrawalRoutes,
  withholdingSettingsRoutes,
} from './routes';
