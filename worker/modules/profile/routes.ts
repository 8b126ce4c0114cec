import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';
import { beneficiaryRoutes } from './beneficiaries';
import { galleryRoutes } from './gallery';
import { identityRoutes } from './identity';
import { notificationRoutes } from './notifications';
import { paymentRoutes } from './payment';
import { personalRoutes } from './personal';
import { ownProfileRoutes } from './profile';

/** Member profile (issue 4): the member's own data (the administrators' review is modules/review). */
export const profileRoutes = new Hono<AppEnv>()
  .route('/general/miinformacion', personalRoutes)
  .route('/general/validacionIdentidad', identityRoutes)
  .route('/general/beneficiarios', beneficiaryRoutes)
  .route('/general/informacionpago', paymentRoutes)
  .route('/general/perfil', ownProfileRoutes)
  .route('/general/perfilmedia', galleryRoutes)
  .route('/general/notificaciones', notificationRoutes);
