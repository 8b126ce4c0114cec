import { CONFIG_SECTIONS, type ConfigSection, configPermission } from '@shared/permissions';
import type { ScreenModule } from '@/routing/lazy-screen';

/** One private screen: where it lives, what it is called, what it needs, what it renders. */
export type AppRoute = {
  path: string;
  title: string;
  /** The user must hold every one; empty = any signed-in user. */
  permissions: string[];
  /** Lazy screen; without one the route shows the shared pending screen. */
  screen?: () => Promise<ScreenModule>;
};

export const route = (
  path: string,
  title: string,
  permissions: string[] = [],
  screen?: AppRoute['screen'],
): AppRoute => ({
  path,
  title,
  permissions,
  screen,
});

type Variant = 'list' | 'new' | 'edit';
export type VariantScreens = Partial<Record<Variant, AppRoute['screen']>>;

/** A configuration table's list, /new and /edit/:id, each guarded by its CRUD permission. */
export function configRoutes(
  base: string,
  section: ConfigSection,
  variants: Variant[] = ['list'],
  title?: string,
  screens: VariantScreens = {},
): AppRoute[] {
  const label = title ?? CONFIG_SECTIONS[section];
  return variants.map((variant) => {
    if (variant === 'new')
      return route(
        `${base}/new`,
        `${label}: nuevo registro`,
        [configPermission(section, 'new')],
        screens.new,
      );
    if (variant === 'edit')
      return route(
        `${base}/edit/:id`,
        `${label}: editar registro`,
        [configPermission(section, 'edit')],
        screens.edit,
      );
    return route(base, label, [configPermission(section, 'view')], screens.list);
  });
}

export const CRUD: Variant[] = ['list', 'new', 'edit'];
