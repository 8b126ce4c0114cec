// Money-out settings, manual adjustments and close with review (worker/modules/bonuses/review-routes.ts)
// through the typed client. Money in integer cents.
import { client, ok, withSignal } from '@/lib/client';

const bonos = client.bonos;
const param = (id: number) => ({ param: { id: String(id) } });

export const getBonusSettings = (signal?: AbortSignal) =>
  ok(bonos.parametros.$get(undefined, withSignal(signal)));
export type BonusSettings = Awaited<ReturnType<typeof getBonusSettings>>['data'];
export const saveBonusSettings = (body: {
  minimo_pago: number;
  aprobacion_cierre: boolean;
  version?: number;
}) => ok(bonos.parametros.$put({ json: body }));

export const getAdjustments = (cicloId: number, signal?: AbortSignal) =>
  ok(bonos.ciclos[':id{[0-9]+}'].ajustes.$get(param(cicloId), withSignal(signal)));
export type Adjustment = Awaited<ReturnType<typeof getAdjustments>>['data'][number];
export const createAdjustment = (cicloId: number, body: { usuario: string; monto: number; motivo: string }) =>
  ok(bonos.ciclos[':id{[0-9]+}'].ajustes.$post({ ...param(cicloId), json: body }));
export const approveAdjustment = (id: number, body: { comentario: string | null; version?: number }) =>
  ok(bonos.ajustes[':id{[0-9]+}'].aprobar.$post({ ...param(id), json: body }));
export const rejectAdjustment = (id: number, body: { comentario: string; version?: number }) =>
  ok(bonos.ajustes[':id{[0-9]+}'].rechazar.$post({ ...param(id), json: body }));

export const getCycleReview = (cicloId: number, signal?: AbortSignal) =>
  ok(bonos.ciclos[':id{[0-9]+}'].revision.$get(param(cicloId), withSignal(signal)));
export type CycleReview = Awaited<ReturnType<typeof getCycleReview>>['data'];
export const approveCycle = (cicloId: number, body: { comentario: string | null }) =>
  ok(bonos.ciclos[':id{[0-9]+}'].aprobar.$post({ ...param(cicloId), json: body }));

export const COMPARISON_TOP = 10;
export const getComparison = (cicloId: number, signal?: AbortSignal) =>
  ok(
    bonos.ciclos[':id{[0-9]+}'].comparacion.$get(
      { ...param(cicloId), query: { top: String(COMPARISON_TOP) } },
      withSignal(signal),
    ),
  );
export type Comparison = Awaited<ReturnType<typeof getComparison>>['data'];
