// Configuración → Tributario (worker/modules/invoicing/routes.ts) through the typed client.
import { client, ok, withSignal } from '@/lib/client';

const trib = client.configuracion.tributario;
export const TAX_API = '/configuracion/tributario';

export const getIssuer = (signal?: AbortSignal) => ok(trib.emisor.$get(undefined, withSignal(signal)));
export type Issuer = NonNullable<Awaited<ReturnType<typeof getIssuer>>['data']>;
export const saveIssuer = (json: Parameters<typeof trib.emisor.$put>[0]['json']) =>
  ok(trib.emisor.$put({ json }));

export const getResolutions = (signal?: AbortSignal) =>
  ok(trib.resoluciones.$get(undefined, withSignal(signal)));
export type Resolution = Awaited<ReturnType<typeof getResolutions>>['data'][number];
export const createResolution = (json: Parameters<typeof trib.resoluciones.$post>[0]['json']) =>
  ok(trib.resoluciones.$post({ json }));

export const getWarnings = (signal?: AbortSignal) => ok(trib.avisos.$get(undefined, withSignal(signal)));
export type Warning = Awaited<ReturnType<typeof getWarnings>>['data'][number];

export const getDocuments = (signal?: AbortSignal) => ok(trib.documentos.$get(undefined, withSignal(signal)));
export type PendingDocument = Awaited<ReturnType<typeof getDocuments>>['data'][number];
export const resendDocument = (id: number) =>
  ok(trib.documentos[':id{[0-9]+}'].reenviar.$post({ param: { id: String(id) } }));
