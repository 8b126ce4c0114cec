// Starting a settlement (the admin "run" and both crons): one bounded step here, the rest handed
// over durably (a Cloudflare Workflow on the Worker, docs/decisions/0020), or run to the end in
// this process when no runner is configured (Node, tests).
import type { Db } from '../../platform/db';
import type { SettlementRunner } from '../../platform/ports';
import { DEFAULT_BUDGET, settleStep, type Budget } from './settle-step';
import { settleCycle, type SettleResult } from './settlement';
import { STATE } from '../../shared/workflow';

export type StartResult = SettleResult & { segundoPlano: boolean };

export async function startSettlement(
  db: Db,
  runner: SettlementRunner | undefined,
  clave: string,
  opts: { now: number; origen: string; actorId?: number | null; inline?: boolean },
): Promise<StartResult> {
  if (!runner)
    return { ...(await settleCycle(db, clave, { ...opts, budget: DEFAULT_BUDGET })), segundoPlano: false };
  const owner = runner.newOwner(clave);
  if (opts.inline === false) {
    // Straight to the runner (a catch-up whose first cycle already spent this invocation's budget).
    await runner.handOver({ clave, owner, origen: opts.origen, actorId: opts.actorId ?? null });
    return { clave, estado: STATE.EN_CURSO, total: 0, lineas: 0, usuarios: 0, segundoPlano: true };
  }
  const first = await settleStep(db, clave, { ...opts, owner, budget: runner.budget, chunk: runner.chunk });
  const { total, lineas, usuarios } = first;
  // EN_ESPERA (an earlier month still settling) goes to the runner too, which waits for it.
  if (first.estado !== STATE.PENDIENTE && first.estado !== 'EN_ESPERA')
    return { clave, estado: first.estado, total, lineas, usuarios, segundoPlano: false };
  await runner.handOver({ clave, owner, origen: opts.origen, actorId: opts.actorId ?? null });
  return { clave, estado: STATE.EN_CURSO, total, lineas, usuarios, segundoPlano: true };
}

/** A budget from the Worker's variables (tests shrink it), else the default. */
export function budgetFrom(vars: { SETTLEMENT_MAX_REQUESTS?: string; SETTLEMENT_MAX_MS?: string }): Budget {
  const n = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return {
    requests: n(vars.SETTLEMENT_MAX_REQUESTS, DEFAULT_BUDGET.requests),
    ms: n(vars.SETTLEMENT_MAX_MS, DEFAULT_BUDGET.ms),
  };
}
