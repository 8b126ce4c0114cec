// Node's runner (docs/decisions/0020): after the first bounded step answered by the request, the
// same steps go on in this process in the background; a failure is left in the cycle row
// (ultimo_error) and the lease is released, so the screen's retry or the daily cron resumes it.
import type { Db } from '../../platform/db';
import type { SettlementRunner } from '../../platform/ports';
import { DEFAULT_BUDGET } from './settle-step';
import { settleCycle } from './settlement';

export function localRunner(db: Db, clock: { now(): number }): SettlementRunner {
  return {
    budget: DEFAULT_BUDGET,
    newOwner: (clave) => `local-${clave}-${crypto.randomUUID()}`,
    handOver: async ({ clave, owner, origen, actorId }) => {
      void settleCycle(db, clave, { now: clock.now(), origen, actorId, owner }).catch((err) =>
        console.error(`La liquidación de ${clave} falló`, err),
      );
    },
  };
}
