// `npm run bench`: prints the figures the README records. Not part of the tests.
import { benchListPage } from './list-page';
import { benchShop } from './shop';
import { benchSettlement } from './settlement';
import { benchDashboard } from './dashboard';
import { benchEdge } from './edge';

const which = process.argv[2];
const suites: Record<string, () => Promise<unknown>> = { list: benchListPage, settlement: benchSettlement, dashboard: benchDashboard, shop: benchShop, edge: benchEdge };
for (const [name, run] of Object.entries(suites)) {
  if (which && which !== name) continue;
  await run();
}
