// The typed API client: hono/client over the server's own route types (AppType), so a reply's
// shape comes from the handler that sends it and a server change that breaks a screen fails
// `npm run typecheck`. Errors behave as with api(): an ApiError, and a 401 ends the session.
import { MSG } from '@shared/messages';
import { type ClientResponse, hc } from 'hono/client';
import type { AppType } from '../../worker/app';
import { ApiError, baseHeaders, handleUnauthorized, parseBody } from '@/lib/api';

export const client = hc<AppType>('/', { headers: { ...baseHeaders }, init: { credentials: 'same-origin' } }).api.v1;

/** The body of a successful reply, typed by its handler; any other status throws an ApiError. */
export async function ok<T, S extends number>(request: Promise<ClientResponse<T, S, 'json'>>): Promise<T> {
  let res: ClientResponse<T, S, 'json'>;
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
  return (await res.json()) as T;
}
