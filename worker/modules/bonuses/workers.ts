// The bonuses module's Workers-only door: the Cloudflare Workflow that settles a cycle imports
// `cloudflare:workers`, which Node cannot load, so only the Workers entries (worker/index.ts,
// worker/edge/) import this file; everything else uses ./index.ts (docs/decisions/0047-module-doors.md).
export { SettlementWorkflow, workflowRunner } from './settlement-workflow';
