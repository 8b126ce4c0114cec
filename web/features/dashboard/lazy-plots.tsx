// The dashboard's plots (plots.tsx) as lazy components: the module with recharts is fetched the
// first time a ChartFrame that holds one nears the viewport (components/ui/chart.tsx).
import { type ComponentType, lazy } from 'react';

type Plots = typeof import('@/features/dashboard/plots');
type PlotName = { [K in keyof Plots]: Plots[K] extends ComponentType<never> ? K : never }[keyof Plots];

const load = () => import('@/features/dashboard/plots');
const lazyPlot = <K extends PlotName>(name: K) =>
  lazy(async () => ({ default: (await load())[name] as Plots[K] }));

export const MembersPlot = lazyPlot('MembersPlot');
export const IdentityPlot = lazyPlot('IdentityPlot');
export const SalesPlot = lazyPlot('SalesPlot');
export const BonusesPlot = lazyPlot('BonusesPlot');
export const MemberBonusesPlot = lazyPlot('MemberBonusesPlot');
