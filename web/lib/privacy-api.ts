// /api/v1/privacidad (worker/modules/privacy, decisions 0400–0402) through the typed client.
import { client, ok, withSignal } from '@/lib/client';

const privacidad = client.privacidad;

export const getNotice = (signal?: AbortSignal) => ok(privacidad.aviso.$get(undefined, withSignal(signal)));
export type Notice = Awaited<ReturnType<typeof getNotice>>['data'];
export type NoticePurpose = Notice['finalidades'][number];

export const getLedger = (signal?: AbortSignal) =>
  ok(privacidad.autorizaciones.$get(undefined, withSignal(signal)));
export type LedgerRow = Awaited<ReturnType<typeof getLedger>>['data'][number];
export const setConsent = (finalidad: string, otorgada: boolean) =>
  ok(privacidad.autorizaciones.$post({ json: { finalidad, otorgada } }));

export const getPending = (signal?: AbortSignal) =>
  ok(privacidad.autorizaciones.pendiente.$get(undefined, withSignal(signal)));
export const acceptNotice = (version: number, autorizaciones: string[]) =>
  ok(privacidad.autorizaciones.aceptar.$post({ json: { version, autorizaciones } }));

export const getAccesses = (signal?: AbortSignal) =>
  ok(privacidad.accesos.$get(undefined, withSignal(signal)));
export type AccessRow = Awaited<ReturnType<typeof getAccesses>>['data'][number];

/** The PDF proof of the ledger (a plain link: the browser downloads it with the session cookie). */
export const PROOF_URL = '/api/v1/privacidad/autorizaciones/comprobante';
