// The Worker's durable hand-over (docs/decisions/0020): a Cloudflare Workflow whose every step is
// one bounded settleStep, retried on failure, holding the cycle's lease under its instance id.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from 'cloudflare:workers';
import { createClient } from '@libsql/client/web';
import { createDb } from '../../platform/db';
import { settleStep } from './settle-step';
import type { SettlementJob as HandOver, SettlementRunner } from '../../platform/ports';
import { budgetFrom } from './start';
import { STATE } from '../../shared/workflow';

export type SettlementEnv = {
  LIBSQL_URL: string;
  LIBSQL_AUTH_TOKEN?: string;
  SETTLEMENT_MAX_REQUESTS?: string;
  SETTLEMENT_MAX_MS?: string;
  SETTLEMENT_CHUNK?: string;
  SETTLEMENT?: { create(o: { id: string; params: HandOver }): Promise<unknown> };
};

/** A run has at most this many steps (Workflows' default cap is 1,024; 10 M members need ~40). */
const MAX_STEPS = 1000;

const chunkOf = (env: SettlementEnv) =>
  Number(env.SETTLEMENT_CHUNK) > 0 ? Number(env.SETTLEMENT_CHUNK) : undefined;

export class SettlementWorkflow extends WorkflowEntrypoint<SettlementEnv, HandOver> {
  async run(event: Readonly<WorkflowEvent<HandOver>>, step: WorkflowStep) {
    const { clave, owner, origen, actorId } = event.payload;
    const budget = budgetFrom(this.env);
    for (let i = 1; i <= MAX_STEPS; i++) {
      const r = await step.do(
        `paso ${i}`,
        { retries: { limit: 5, delay: '5 seconds', backoff: 'exponential' }, timeout: '2 minutes' },
        async () => {
          // A client per step: workerd keeps I/O objects to the invocation that made them (0013).
          const db = createDb(
            createClient({ url: this.env.LIBSQL_URL, authToken: this.env.LIBSQL_AUTH_TOKEN }),
          );
          const s = await settleStep(db, clave, {
            now: Date.now(),
            origen,
            owner,
            actorId,
            budget,
            chunk: chunkOf(this.env),
          });
          return { estado: s.estado, requests: s.requests, ms: Math.round(s.ms), chunks: s.chunks };
        },
      );
      console.log('settlement step', JSON.stringify({ clave, paso: i, ...r }));
      // An earlier month is still being settled (its balances carry into this one): wait for it.
      if (r.estado === 'EN_ESPERA') {
        await step.sleep(`espera ${i}`, '5 seconds');
        continue;
      }
      if (r.estado !== STATE.PENDIENTE) return r;
    }
    throw new Error(`cycle ${clave}: more than ${MAX_STEPS} steps`);
  }
}

/** The Worker's runner: hands the rest of a run to a new Workflow instance named by its owner. */
export function workflowRunner(env: SettlementEnv): SettlementRunner | undefined {
  const binding = env.SETTLEMENT;
  if (!binding) return undefined;
  return {
    budget: budgetFrom(env),
    chunk: chunkOf(env),
    newOwner: (clave) => `liquidacion-${clave}-${crypto.randomUUID()}`,
    handOver: async (job) => void (await binding.create({ id: job.owner, params: job })),
  };
}
