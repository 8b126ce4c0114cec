// The tax-withholding module's calls (worker/modules/tax-withholding) through the typed client.
import { client, ok, withSignal } from '@/lib/client';

export const RETENCION_API = '/configuracion/tributario/retencion';
export const RETRACTOS_API = '/administracion/retractos';
const retencion = client.configuracion.tributario.retencion;
const retractos = client.administracion.retractos;

export const getWithholding = (signal?: AbortSignal) => ok(retencion.$get(undefined, withSignal(signal)));
export type WithholdingSettings = Awaited<ReturnType<typeof getWithholding>>['data'];
type SettingsBody = Parameters<typeof retencion.$put>[0]['json'];
export const saveWithholding = (json: SettingsBody) => ok(retencion.$put({ json }));
type UvtBody = Parameters<(typeof retencion.uvt)[':anio']['$put']>[0]['json'];
export const saveUvt = (anio: number, json: UvtBody) =>
  ok(retencion.uvt[':anio'].$put({ param: { anio: String(anio) }, json }));
export const certificateStep = (anio: number, deNuevo: boolean) =>
  ok(retencion.certificados[':anio'].$post({ param: { anio: String(anio) }, json: { de_nuevo: deNuevo } }));

export const getWithdrawals = (query: Record<string, string>, signal?: AbortSignal) =>
  ok(retractos.$get({ query }, withSignal(signal)));
export type WithdrawalRow = Awaited<ReturnType<typeof getWithdrawals>>['data'][number];
export const decideWithdrawal = (id: number, estado: 'APROBADO' | 'RECHAZADO', comentario: string | null) =>
  ok(retractos.estado[':id{[0-9]+}'].$put({ param: { id: String(id) }, json: { estado, comentario } }));
