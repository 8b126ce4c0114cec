// The rights desk's calls (worker/modules/privacy-desk) through the typed client.
import { client, type JsonBody, ok, type Reply, withSignal } from '@/lib/client';
import { download } from '@/lib/transfer';

export const DESK_API = '/privacidad';
export const OWN_PATH = '/privacidad/solicitudes';
export const DESK_PATH = '/privacidad/admin/solicitudes';
export const INCIDENTS_PATH = '/privacidad/admin/incidentes';

const p = client.privacidad;
const id = (n: number) => ({ id: String(n) });

export const getOwnRequests = (signal?: AbortSignal) => ok(p.solicitudes.$get(undefined, withSignal(signal)));
export type OwnRequest = Reply<typeof p.solicitudes.$get>['data'][number];
export const fileRequest = (body: JsonBody<typeof p.solicitudes.$post>) =>
  ok(p.solicitudes.$post({ json: body }));
export const completeRequest = (reqId: number, descripcion: string) =>
  ok(p.solicitudes[':id{[0-9]+}'].completar.$post({ param: id(reqId), json: { descripcion } }));
export const downloadMyData = () => download('/privacidad/mis-datos', undefined, 'mis-datos.zip');

export const getDeskRequests = (signal?: AbortSignal) =>
  ok(p.admin.solicitudes.$get({ query: { perPage: '100' } } as never, withSignal(signal)));
export type DeskRequest = Reply<typeof p.admin.solicitudes.$get>['data'][number];
export const actOnRequest = (
  reqId: number,
  body: JsonBody<(typeof p.admin.solicitudes)[':id{[0-9]+}']['$put']>,
) => ok(p.admin.solicitudes[':id{[0-9]+}'].$put({ param: id(reqId), json: body }));
export const continueSuppression = (reqId: number) =>
  ok(p.admin.solicitudes[':id{[0-9]+}'].supresion.$post({ param: id(reqId) }));
export const downloadMemberData = (reqId: number) =>
  download(`/privacidad/admin/solicitudes/${reqId}/datos`, undefined, 'datos-del-titular.zip');

export const getIncidents = (signal?: AbortSignal) =>
  ok(p.admin.incidentes.$get(undefined, withSignal(signal)));
export type Incident = Reply<typeof p.admin.incidentes.$get>['data'][number];
export const recordIncident = (body: JsonBody<typeof p.admin.incidentes.$post>) =>
  ok(p.admin.incidentes.$post({ json: body }));
export const getIncident = (incId: number, signal?: AbortSignal) =>
  ok(p.admin.incidentes[':id{[0-9]+}'].$get({ param: id(incId) }, withSignal(signal)));
export const markReported = (incId: number) =>
  ok(p.admin.incidentes[':id{[0-9]+}'].reportado.$put({ param: id(incId) }));

/** A member's access records, with who looked and from where (decision 0405). */
export const memberAccessesPath = (userId: number) => `/privacidad/admin/accesos/${userId}`;
export const getMemberAccesses = (userId: number, signal?: AbortSignal) =>
  ok(p.admin.accesos[':userId{[0-9]+}'].$get({ param: { userId: String(userId) } }, withSignal(signal)));
