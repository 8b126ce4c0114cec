// The privacy notice and the consent ledger (worker/modules/privacy) through the typed client;
// shared by /register, Mi cuenta, the acceptance dialog and Configuración → Privacidad.
import { client, type JsonBody, ok, type Reply, withSignal } from '@/lib/client';
import { download } from '@/lib/transfer';

export const NOTICE_PATH = '/privacidad/aviso';
export const LEDGER_PATH = '/privacidad/autorizaciones';
export const PENDING_PATH = '/privacidad/pendiente';
export const ADMIN_NOTICES_PATH = '/privacidad/admin/avisos';
export const ACCESS_PATH = '/privacidad/accesos';

const p = client.privacidad;

export const getNotice = (signal?: AbortSignal) => ok(p.aviso.$get(undefined, withSignal(signal)));
export type Notice = Reply<typeof p.aviso.$get>['data'];
export type Purpose = Notice['finalidades'][number];

export const getLedger = (signal?: AbortSignal) => ok(p.autorizaciones.$get(undefined, withSignal(signal)));
export type LedgerEntry = Reply<typeof p.autorizaciones.$get>['data'][number];
export const decide = (finalidad: string, otorgada: boolean) =>
  ok(p.autorizaciones.$post({ json: { finalidad, otorgada } }));
export const downloadProof = () =>
  download('/privacidad/autorizaciones/pdf', undefined, 'autorizaciones.pdf');

export const getPending = (signal?: AbortSignal) => ok(p.pendiente.$get(undefined, withSignal(signal)));
export type Pending = Reply<typeof p.pendiente.$get>['data'];
export const accept = (version: number, autorizaciones: string[]) =>
  ok(p.aceptar.$post({ json: { version, autorizaciones } }));

export const getNotices = (signal?: AbortSignal) => ok(p.admin.avisos.$get(undefined, withSignal(signal)));
export type NoticeAdmin = Reply<typeof p.admin.avisos.$get>['data'];
export const publishNotice = (body: JsonBody<typeof p.admin.avisos.$post>) =>
  ok(p.admin.avisos.$post({ json: body }));

/** Who looked at the caller's data (decision 0405). */
export const getAccesses = (signal?: AbortSignal) => ok(p.accesos.$get(undefined, withSignal(signal)));
