// `npm run bench [-- list|settlement|dashboard|shop|export] [flags]`: prints the figures the README
// records. Not part of the tests. `-- settlement --million` runs 1,000,000 members.
import { benchListPage } from './list-page';
import { benchShop } from './shop';
import { benchSettlement } from './settlement';
import { benchDashboard } from './dashboard';
import { benchEdge } from './edge';
import { benchExport } from './export';
import { benchWeb } from './web';

const [which, ...flags] = process.argv.slice(2);
const suites: Record<string, (flags: string[]) => Promise<unknown>> = { list: benchListPage, settlement: benchSettlement, dashboard: benchDashboard, shop: benchShop, export: benchExport, edge: benchEdge, web: benchWeb };
for (const [name, run] of Object.entries(suites)) {
  if (which && !which.startsWith('--') && which !== name) continue;
  await run(flags);
}
