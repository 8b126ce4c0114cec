// The payout-batch calls (worker/modules/bonuses/payout-routes.ts, decision 0200) through the typed
// client; money in cents.
import { client, ok, withSignal } from '@/lib/client';

const bonos = client.bonos;

export const payoutsPath = (cicloId: number) => `/bonos/ciclos/${cicloId}/pagos`;

export const getPayouts = (cicloId: number, signal?: AbortSignal) =>
  ok(bonos.ciclos[':id{[0-9]+}'].pagos.$get({ param: { id: String(cicloId) } }, withSignal(signal)));
export type Payouts = Awaited<ReturnType<typeof getPayouts>>;
export type PayoutBatch = Payouts['data'][number];

/** One bounded generation step; the caller repeats it until `terminado`. */
export const generateStep = (cicloId: number) =>
  ok(bonos.ciclos[':id{[0-9]+}'].pagos.$post({ param: { id: String(cicloId) } }));

export const markBatchPaid = (loteId: number, referencia: string) =>
  ok(bonos.lotespago[':id{[0-9]+}'].pagar.$post({ param: { id: String(loteId) }, json: { referencia } }));

export const annulBatch = (loteId: number) =>
  ok(bonos.lotespago[':id{[0-9]+}'].anular.$post({ param: { id: String(loteId) }, json: { motivo: null } }));

export const batchFilePath = (loteId: number) => `/bonos/lotespago/${loteId}/archivo`;
export const heldFilePath = (cicloId: number) => `/bonos/ciclos/${cicloId}/pagos/retenidos`;
