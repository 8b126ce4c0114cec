// The SPA's route table as paths (`:id` → 1). Typechecked with the web project (tsconfig.web.json);
// the e2e suites load it at run time, where vitest resolves the web aliases.
import { CONFIG_ROUTES } from '../../web/routing/config-routes';
import { SCREEN_ROUTES } from '../../web/routing/screens';

export const PRIVATE_PATHS: string[] = [...SCREEN_ROUTES, ...CONFIG_ROUTES].map((r) =>
  r.path.replace(':id', '1'),
);
