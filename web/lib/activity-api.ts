// Activity and revisions (decision 0110): the history of one record, the Actividad grid, a restore.
import { client, ok, withSignal } from '@/lib/client';

type Query = Record<string, string>;

export const listActivity = (query: Query, signal?: AbortSignal) =>
  ok(client.actividad.$get({ query }, withSignal(signal)));
export type ActivityRow = Awaited<ReturnType<typeof listActivity>>['data'][number];

/** The entities the log holds (the Entidad filter's options). */
export const listActivityEntities = (signal?: AbortSignal) =>
  ok(client.actividad.entidades.$get(undefined, withSignal(signal)));

/** The newest writes of one record, with what each changed. */
export const recordHistory = (entidad: string, registro: number, signal?: AbortSignal) =>
  listActivity({ entidad, registro: String(registro), perPage: '20' }, signal);

export const restoreRevision = (revisionId: number, campos: string[], version?: number) =>
  ok(
    client.revisiones[':id{[0-9]+}'].restaurar.$post({
      param: { id: String(revisionId) },
      json: { campos, ...(version ? { version } : {}) },
    }),
  );

/** A 409 for a stale edit (worker/platform/audit/revisions.ts staleMessage). */
export const isStaleEdit = (message: string | undefined) =>
  !!message && message.startsWith('El registro fue modificado por');
