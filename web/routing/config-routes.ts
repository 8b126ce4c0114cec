// The configuration screens of product-spec §2 (/app/configuracion/...), guarded by the CRUD
// permissions of permissions.ts. Every registry entry gets its list, /new and /edit/:id, all
// rendered by the one generic list and form screens; users and roles have their own screens.
import type { ConfigSection } from '@shared/permissions';
import { RESOURCES } from '@shared/resources';
import { type AppRoute, configRoutes, CRUD, type VariantScreens } from '@/routing/route-types';

const cfg = '/app/configuracion';

const resourceForm = () => import('@/features/resources/resource-form-page');
const RESOURCE_SCREENS: VariantScreens = {
  list: () => import('@/features/resources/resource-list-page'),
  new: resourceForm,
  edit: resourceForm,
};

const userForm = () => import('@/features/security/user-form-page');
const USER_SCREENS: VariantScreens = {
  list: () => import('@/features/security/users-list-page'),
  new: userForm,
  edit: userForm,
};

const roleForm = () => import('@/features/security/role-form-page');
const ROLE_SCREENS: VariantScreens = {
  list: () => import('@/features/security/roles-list-page'),
  new: roleForm,
  edit: roleForm,
};

/** A registry's list, /new and /edit/:id screens (CONFIG_ROUTES holds the real registry's). */
export const registryRoutes = (
  resources: readonly { route: string; section: ConfigSection; label: string }[],
): AppRoute[] =>
  resources.flatMap((def) => configRoutes(def.route, def.section, CRUD, def.label, RESOURCE_SCREENS));

export const CONFIG_ROUTES: AppRoute[] = [
  ...registryRoutes(RESOURCES),

  // Users and roles (the spec lists them twice: under usuarios/ and under seguridad/)
  ...configRoutes(`${cfg}/usuarios/roles`, 'seguridad:roles', CRUD, 'Roles', ROLE_SCREENS),
  ...configRoutes(`${cfg}/usuarios/usuario`, 'seguridad:usuarios', CRUD, 'Usuarios', USER_SCREENS),
  ...configRoutes(`${cfg}/seguridad/usuarios`, 'seguridad:usuarios', CRUD, 'Usuarios', USER_SCREENS),
  ...configRoutes(`${cfg}/seguridad/roles`, 'seguridad:roles', CRUD, 'Roles', ROLE_SCREENS),
];
