// How failed calls are told to the user (product-spec §8).
import { MSG } from '@shared/messages';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';

/** All the server's 422 messages, joined by ', ' as the spec asks. */
export function joinFieldErrors(err: ApiError): string {
  const all = Object.values(err.errors).flat();
  return all.length ? all.join(', ') : err.message;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * 409 → the server's message as a warning; 422 → every field message as a warning; anything
 * else → an error with the failure's text. A 401 shows nothing: the session handler already
 * sent the user to /login.
 */
export function notifyError(err: unknown, fallback: string = MSG.requestError) {
  if (isAbort(err)) return;
  if (!(err instanceof ApiError)) {
    console.error(err);
    toast.error(fallback);
    return;
  }
  if (err.status === 401) return;
  if (err.status === 409) toast.warning(err.message);
  else if (err.status === 422) toast.warning(joinFieldErrors(err));
  else toast.error(err.message || err.statusText || fallback);
}

/** The generic save handler: a warning for 409/422, otherwise the spec's save error. */
export function handleSaveError(err: unknown, fallback: string = MSG.saveError) {
  if (isAbort(err)) return;
  if (err instanceof ApiError && (err.status === 409 || err.status === 422)) {
    notifyError(err);
    return;
  }
  if (err instanceof ApiError && err.status === 401) return;
  if (!(err instanceof ApiError)) console.error(err);
  toast.error(fallback);
}

/** 422 field messages for showing under the inputs, as `{field: firstMessage}`. */
export function fieldMessages(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 422) return {};
  return Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? '']));
}
