// The SPA's route table as paths (`:id` → 1). Typechecked with the web project (tsconfig.web.json);
// the e2e suites load it at run time, where vitest resolves the web aliases.
import { CONFIG_ROUTES } from '../../web/routing/config-routes';
import { SCREEN_ROUTES } from '../../web/routing/screens';

/** Every private screen at a concrete path, with its title and the permissions it needs (all). */
export const PRIVATE_SCREENS: { path: string; title: string; permissions: string[] }[] = [
  ...SCREEN_ROUTES,
  ...CONFIG_ROUTES,
].map((r) => ({ path: r.path.replace(':id', '1'), title: r.title, permissions: r.permissions }));

export const PRIVATE_PATHS: string[] = PRIVATE_SCREENS.map((s) => s.path);
