// Cloudflare Workers entry (ARCHITECTURE: two thin entries, one app). Production passes no
// seams: the clock, the database URL and the client address come from the platform alone.
import { createWorker } from './edge/worker';

export default createWorker();

// The settlement's durable hand-over (docs/decisions/0020): the Workflow class named in wrangler.toml.
export { SettlementWorkflow } from './modules/bonuses/workers';

// The nightly backup's hand-over (docs/decisions/0355).
export { BackupWorkflow } from './modules/jobs/workers';
