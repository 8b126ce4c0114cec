import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';
import { permissionRoutes } from './permissions';
import { roleRoutes } from './roles';
import { userRoutes } from './users';

export const securityRoutes = new Hono<AppEnv>()
  .route('/users', userRoutes)
  .route('/roles', roleRoutes)
  .route('/permissions', permissionRoutes);
