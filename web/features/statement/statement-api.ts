// The bank-statement import's calls (worker/modules/statement) through the typed client.
import { client, ok, withSignal } from '@/lib/client';

export const STATEMENT_API = '/conciliacion/extractos';
const api = client.conciliacion.extractos;

export const listStatements = (signal?: AbortSignal) => ok(api.$get(undefined, withSignal(signal)));
export type StatementRow = Awaited<ReturnType<typeof listStatements>>['data'][number];
export const getStatement = (id: number, signal?: AbortSignal) =>
  ok(api[':id{[0-9]+}'].$get({ param: { id: String(id) } }, withSignal(signal)));
export type Statement = Awaited<ReturnType<typeof getStatement>>['data'];
export const getMovements = (
  id: number,
  query: { grupo: 'CONCILIADO' | 'AMBIGUO' | 'SIN_CONCILIAR'; page: string; perPage: string },
  signal?: AbortSignal,
) => ok(api[':id{[0-9]+}'].movimientos.$get({ param: { id: String(id) }, query }, withSignal(signal)));
export type Movement = Awaited<ReturnType<typeof getMovements>>['data'][number];
export const advance = (id: number) => ok(api[':id{[0-9]+}'].avanzar.$post({ param: { id: String(id) } }));
export const confirmMatched = (id: number) =>
  ok(api[':id{[0-9]+}'].confirmar.$post({ param: { id: String(id) } }));
