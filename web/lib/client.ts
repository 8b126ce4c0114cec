// The typed API client: hono/client over the server's own route types, so a reply's shape comes
// from the handler that sends it and a server change that breaks a screen fails
// `npm run typecheck`. Errors behave as the spec says (§7): an ApiError, and a 401 ends the
// session unless the call is `quiet` (the public pages and the session probe).
import { MSG } from '@shared/messages';
import { type ClientResponse, hc, type InferRequestType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../worker/app';
import type { BulkApp, ResourceApp, ResourceImagesApp } from '../../worker/modules/resources';
import { API_BASE, ApiError, baseHeaders, handleUnauthorized, parseBody, REQUEST_ID_HEADER } from '@/lib/api';
import { idempotentFetch } from '@/lib/idempotent-fetch';

/** GETs started before the screen that makes them has loaded (prime), by path and query. */
const primed = new Map<string, Promise<Response>>();
/** How long a primed answer waits for its screen before it is dropped. */
const PRIMED_MS = 10_000;
const pathOf = (url: string | URL) => {
  const u = new URL(url, location.origin);
  return u.pathname + u.search;
};

/**
 * Starts now a GET that a screen will make once its code has loaded and rendered (a route's
 * loader does this for the first page of a grid): the screen's own call to the same path and
 * query then takes this answer instead of asking again, once (docs/decisions/0105).
 */
export function prime(url: string | URL) {
  const key = pathOf(url);
  if (primed.has(key)) return;
  const answer = fetch(key, { credentials: 'same-origin', headers: baseHeaders });
  answer.catch(() => {}); // a failure is the screen's own call's to report, if it takes it
  primed.set(key, answer);
  setTimeout(() => primed.get(key) === answer && primed.delete(key), PRIMED_MS);
}

// Every write carries one Idempotency-Key per call and is re-sent with it after a network failure.
const writes = idempotentFetch();

/** On the server rendering a document: the fetch of that document's request (its cookie, in process). */
let requestFetch: () => typeof fetch | undefined = () => undefined;

/** The server's renderer (web/server-render.tsx) says how a call reaches the API for the document it renders. */
export function setRequestFetch(get: () => typeof fetch | undefined) {
  requestFetch = get;
}

/** fetch, except that a GET primed for the same path and query takes the primed answer. */
const clientFetch: typeof fetch = (input, init) => {
  const serverSide = requestFetch();
  if (serverSide) return serverSide(input, init);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (method.toUpperCase() === 'GET' && primed.size) {
    const key = pathOf(input instanceof Request ? input.url : input);
    const answer = primed.get(key);
    if (answer) {
      primed.delete(key);
      return answer;
    }
  }
  return writes(input, init);
};

const options = {
  headers: { ...baseHeaders },
  init: { credentials: 'same-origin' },
  fetch: clientFetch,
} as const;

export const client = hc<AppType>('/', options).api.v1;

/**
 * One registry entry's routes (list, record, create, update, delete, toggle, autocomplete).
 * They are mounted once per entry at its spec endpoint, so AppType does not carry them: the web
 * types them with the generic router's own type (docs/decisions/0042-web-data-layer.md).
 */
export const resourceClient = (endpoint: string) => hc<ResourceApp>(`${API_BASE}${endpoint}`, options);

/** The images of a registry entry that has them (products, graphic aids). */
export const imagesClient = (endpoint: string) => hc<ResourceImagesApp>(`${API_BASE}${endpoint}`, options);

/** One bulk action of a grid (start, next step, progress), at `<list endpoint>/lote/<accion>`. */
export const bulkClient = (endpoint: string, accion: string) =>
  hc<BulkApp>(`${API_BASE}${endpoint}/lote/${accion}`, options);

/** The JSON body of the 2xx replies a handler can send (a union when it has several). */
export type OkBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends 'json'
        ? T
        : undefined
      : never
    : never;

/** The 2xx body of a typed client method (`Reply<typeof client.vistas.$get>`), as `ok` resolves it. */
export type Reply<F extends (...args: never[]) => Promise<unknown>> = OkBody<Awaited<ReturnType<F>>>;

/**
 * The JSON body a typed call takes: what the route's valibot schema accepts
 * (`v.InferInput` of the schema in worker/shared/schemas, through the route's `json()` validator).
 */
export type JsonBody<F> = InferRequestType<F> extends { json: infer J } ? J : never;

export type CallOptions = {
  /** A 401 here is an answer, not a lost session (login, register, the session probe). */
  quiet?: boolean;
};

/** The body of a successful reply, typed by its handler; any other status throws an ApiError. */
export async function ok<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
  opts: CallOptions = {},
): Promise<OkBody<R>> {
  let res: R;
  try {
    res = await request;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, '', { message: MSG.requestError });
  }
  if (!res.ok) {
    if (res.status === 401 && !opts.quiet) handleUnauthorized();
    throw new ApiError(
      res.status,
      res.statusText,
      await parseBody(res as unknown as Response),
      res.headers.get(REQUEST_ID_HEADER),
    );
  }
  return (await parseBody(res as unknown as Response)) as OkBody<R>;
}

/** Request options carrying an abort signal (TanStack Query cancels what nobody waits for). */
export const withSignal = (signal?: AbortSignal) => ({ init: { signal } });
