// The typed API client: hono/client over the server's own route types (AppType), so a reply's
// shape comes from the handler that sends it and a server change that breaks a screen fails
// `npm run typecheck`. Errors behave as with api(): an ApiError, and a 401 ends the session.
import { MSG } from '@shared/messages';
import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../worker/app';
import { ApiError, baseHeaders, handleUnauthorized, parseBody } from '@/lib/api';

export const client = hc<AppType>('/', { headers: { ...baseHeaders }, init: { credentials: 'same-origin' } }).api.v1;

/** The JSON body of the 2xx replies a handler can send (a union when it has several). */
export type OkBody<R> = R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/** The body of a successful reply, typed by its handler; any other status throws an ApiError. */
export async function ok<R extends ClientResponse<unknown, number, 'json'>>(request: Promise<R>): Promise<OkBody<R>> {
  let res: R;
  try {
    res = await request;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, '', { message: MSG.requestError });
  }
  if (!res.ok) {
    if (res.status === 401) handleUnauthorized();
    throw new ApiError(res.status, res.statusText, await parseBody(res as unknown as Response));
  }
  return (await res.json()) as OkBody<R>;
}
