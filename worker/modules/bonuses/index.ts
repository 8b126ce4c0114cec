// The bonuses module's door: the only file other modules (and the entries) import (docs/decisions/0047-module-doors.md).
// The Workers-only Workflow class has its own door, ./workers.ts.
export { settleClosedCycles } from './catch-up';
export { memberCycles, memberCyclesQuery, withTotals } from './cycles-data';
export { localRunner } from './local-runner';
export { downline, downlineQuery, referralRoutes, type Referral, type ReferralNode } from './referrals';
export { bonosRoutes } from './module-routes';
export { generatePayouts, payoutStep } from './payouts';
