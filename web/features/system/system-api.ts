// Estado del sistema (worker/modules/system/routes.ts) through the typed client.
import { client, ok, withSignal } from '@/lib/client';

const sistema = client.sistema;

export const STATUS_PATH = '/sistema/estado';
export const getSystemStatus = (signal?: AbortSignal) =>
  ok(sistema.estado.$get(undefined, withSignal(signal)));
export type SystemStatus = Awaited<ReturnType<typeof getSystemStatus>>['data'];
export type Queue = SystemStatus['colas'][number];
export type JobRow = SystemStatus['crons'][number];

export const retryItem = (cola: string, id: number) =>
  ok(sistema.colas[':cola'][':id'].reintentar.$post({ param: { cola, id: String(id) } }));
