import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';
import { historyRoutes } from './history';
import { registeredUserRoutes } from './registered-users';
import { reviewRoutes } from './routes';

/** The administrators' review of members' data (issue 4), mounted at the API's root by worker/app.ts. */
export const reviewModuleRoutes = new Hono<AppEnv>()
  .route('/administracion', reviewRoutes)
  .route('/consultas/usuariosregistrados', registeredUserRoutes)
  .route('/consultas/historicocambiodeestados', historyRoutes);
