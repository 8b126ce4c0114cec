// The shell's calls through the typed client: the top bar's notifications (/general/notificaciones,
// worker/modules/profile) and the command palette's search (/buscar, worker/modules/search).
import { client, ok, type Reply, withSignal } from '@/lib/client';

const notificaciones = client.general.notificaciones;
export const NOTIFICATIONS_PATH = '/general/notificaciones';

export const getInbox = (signal?: AbortSignal) => ok(notificaciones.$get(undefined, withSignal(signal)));
export type Inbox = Reply<typeof notificaciones.$get>;
export const markAllRead = () => ok(notificaciones.leidas.$put());
export const markRead = (id: number) =>
  ok(notificaciones[':id{[0-9]+}'].leida.$put({ param: { id: String(id) } }));

export const SEARCH_PATH = '/buscar';
export const search = (q: string, signal?: AbortSignal) =>
  ok(client.buscar.$get({ query: { q } }, withSignal(signal)));
