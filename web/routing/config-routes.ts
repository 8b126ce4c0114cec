// The registry's configuration screens (/app/configuracion/...), guarded by the CRUD permissions
// of permissions.ts: every registry entry gets its list, /new and /edit/:id, all rendered by the
// one generic list and form screens. Users and roles have screens of their own (screens.ts).
import type { ConfigSection } from '@shared/permissions';
import { RESOURCES } from '@shared/resources';
import { type AppRoute, configRoutes, CRUD, type VariantScreens } from '@/routing/route-types';

const resourceForm = () => import('@/features/resources/resource-form-page');
const RESOURCE_SCREENS: VariantScreens = {
  list: () => import('@/features/resources/resource-list-page'),
  new: resourceForm,
  edit: resourceForm,
};

/** A registry's list, /new and /edit/:id screens (CONFIG_ROUTES holds the real registry's). */
export const registryRoutes = (
  resources: readonly { route: string; section: ConfigSection; label: string }[],
): AppRoute[] =>
  resources.flatMap((def) => configRoutes(def.route, def.section, CRUD, def.label, RESOURCE_SCREENS));

export const CONFIG_ROUTES: AppRoute[] = registryRoutes(RESOURCES);
