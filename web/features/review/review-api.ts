// The review queues, registered users and state history (worker/modules/review) through the typed client.
import { ApiError } from '@/lib/api';
import { client, type JsonBody, ok, type Reply, withSignal } from '@/lib/client';
import type { UserTab } from '@shared/user-tabs';
import type { QueueConfig } from '@/features/review/queue-config';

const admin = client.administracion;
const QUEUES = {
  '/administracion/controlinformacionpersonal': admin.controlinformacionpersonal,
  '/administracion/perfil/control': admin.perfil.control,
  '/administracion/publicaciones/control': admin.publicaciones.control,
} as const;

/** One queue item with its position in the list the reviewer came from (`search` = that list's query). */
export const getQueueItem = (config: QueueConfig, id: string, search: string, signal?: AbortSignal) => {
  const queue = QUEUES[config.endpoint as keyof typeof QUEUES];
  // The handler reads the list's filters itself (no query validator), so hc does not type them.
  const args = { param: { id }, query: Object.fromEntries(new URLSearchParams(search)) };
  return ok(queue[':id{[0-9]+}'].$get(args, withSignal(signal)));
};

/**
 * The first item of the queue (as the reviewer filtered it; the pending items when `search` names
 * no state) that no other reviewer holds, now held for the caller (decision 0121); null when none
 * is left (a 200 with no item, decision 0300; a 404 from a server older than that).
 */
export async function takeNextItem(config: QueueConfig, search: string) {
  const queue = QUEUES[config.endpoint as keyof typeof QUEUES];
  const query = Object.fromEntries(new URLSearchParams(search));
  try {
    return (await ok(queue.siguiente.$post({ query }))).data ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

const users = client.consultas.usuariosregistrados;
export const getMember = (id: string, signal?: AbortSignal) =>
  ok(users[':id{[0-9]+}'].$get({ param: { id } }, withSignal(signal)));
export type Member = Awaited<ReturnType<typeof getMember>>['data'];
export const getMemberTab = (id: string, tab: UserTab, signal?: AbortSignal) =>
  ok(users[':id{[0-9]+}'][':tab'].$get({ param: { id, tab } }, withSignal(signal)));
// The tab route answers one union for every tab (worker/modules/review/registered-users.ts
// tabData); each record tab is the member with a field only it has. The queues' details carry the
// same records (readPersonalRow, profileOf), so their sections read these types too.
type TabData = NonNullable<Reply<(typeof users)[':id{[0-9]+}'][':tab']['$get']>['data']>;
export type PersonalTab = Extract<TabData, { beneficiarios: unknown }>;
export type PaymentTab = Extract<TabData, { metodo_pago_id: unknown }>;
export type PerfilTab = Extract<TabData, { nombre_publico: unknown }>;
export type FisicaTab = Extract<TabData, { estatura_cm: unknown }>;
export type ServiciosTab = Extract<TabData, { serviciosvirtuales: unknown }>;
export const changeSponsor = (id: number, body: { referral_code: string; comentario: string | null }) =>
  ok(users[':id{[0-9]+}'].sponsor.$put({ param: { id: String(id) }, json: body }));

export const getHistoryEntities = (signal?: AbortSignal) =>
  ok(client.consultas.historicocambiodeestados.entidades.$get(undefined, withSignal(signal)));

// The grids' lists (ServerGrid): the query is the grid's URL state; the rows are the handlers'.
type Query = Record<string, string>;
export const listRegisteredUsers = (query: Query, signal?: AbortSignal) =>
  ok(users.$get({ query }, withSignal(signal)));
export type RegisteredUserRow = Awaited<ReturnType<typeof listRegisteredUsers>>['data'][number];
export const listHistory = (query: Query, signal?: AbortSignal) =>
  ok(client.consultas.historicocambiodeestados.$get({ query }, withSignal(signal)));
export type HistoryRow = Awaited<ReturnType<typeof listHistory>>['data'][number];

/**
 * A queue's list. The three queues share one route factory (worker/modules/review/queue.ts) that
 * types its columns, so the rows come typed by the handler.
 */
export const queueList = (config: QueueConfig) => (query: Query, signal?: AbortSignal) =>
  ok(QUEUES[config.endpoint as keyof typeof QUEUES].$get({ query }, withSignal(signal)));
export type QueueRow = Awaited<ReturnType<ReturnType<typeof queueList>>>['data'][number];

// A review decision: PUT …/estado/:id of each queue, and of one image of a profile.
const decisions = {
  identity: admin.controlinformacionpersonal.estado[':id{[0-9]+}'],
  profile: admin.perfil.control.estado[':id{[0-9]+}'],
  profileImage: admin.perfil.control.media.estado[':id{[0-9]+}'],
  publication: admin.publicaciones.control.estado[':id{[0-9]+}'],
};
export const decide = (
  what: keyof typeof decisions,
  id: number | string,
  json: JsonBody<(typeof decisions)['identity']['$put']>,
) => ok(decisions[what].$put({ param: { id: String(id) }, json }));
