// The grid's own calls through the typed client: its saved views (/vistas, worker/modules/views)
// and the steps of a bulk action (`<endpoint>/lote/<accion>`, typed by BulkApp).
import { bulkClient, client, type JsonBody, ok, type Reply, withSignal } from '@/lib/client';

const vistas = client.vistas;
const view = vistas[':id{[0-9]+}'];
const id = (n: number) => ({ id: String(n) });

export const VIEWS_PATH = '/vistas';

/** The views the user sees on one grid (his own, his roles', the global ones), with whom he may share. */
export const listViews = (grid: string, signal?: AbortSignal) =>
  ok(vistas.$get({ query: { grid } }, withSignal(signal)));
export type Views = Reply<typeof vistas.$get>;
export type SavedView = Views['data'][number];
export type ViewBody = JsonBody<typeof vistas.$post>;

export const createView = (body: ViewBody) => ok(vistas.$post({ json: body }));
export const updateView = (viewId: number, body: JsonBody<typeof view.$put>) =>
  ok(view.$put({ param: id(viewId), json: body }));
export const deleteView = (viewId: number) => ok(view.$delete({ param: id(viewId) }));

type Bulk = ReturnType<typeof bulkClient>;
export type BulkBody = JsonBody<Bulk['index']['$post']>;
/** Where a bulk run stands: its batch, how many rows it took, did and left alone, and whether it is done. */
export type BulkProgress = Reply<Bulk['index']['$post']>['data'];

/** Starts a bulk action on the grid at `endpoint`: the server answers with the first step done. */
export const startBulk = (endpoint: string, accion: string, body: BulkBody) =>
  ok(bulkClient(endpoint, accion).index.$post({ json: body }));
/** The next step of a started bulk run. */
export const continueBulk = (endpoint: string, accion: string, lote: string) =>
  ok(bulkClient(endpoint, accion)[':lote'].$post({ param: { lote } }));
