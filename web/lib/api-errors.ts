// How failed calls are told to the user (docs/product-spec.md §8).
import { MSG } from '@shared/messages';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';

/** All the server's 422 messages, joined by ', ' as the spec asks. */
export function joinFieldErrors(err: ApiError): string {
  const all = Object.values(err.errors).flat();
  return all.length ? all.join(', ') : err.message;
}

/** An error toast; with the answer's request id as «Código: …», so a member can quote it. */
function errorToast(message: string, err: unknown) {
  const id = err instanceof ApiError ? err.requestId : undefined;
  toast.error(message, id ? { description: `Código: ${id}` } : undefined);
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * The reason a refusal gives, or null when the failure is not a refusal with a reason: a 409 or
 * a 403 carrying the server's `message` (docs/product-spec.md §8: the server's message), a 422 (all its
 * field messages joined by ', ').
 */
export function refusalReason(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const message = (err.body as { message?: unknown } | null | undefined)?.message;
  const said = typeof message === 'string' && message.trim() ? message : null;
  if (err.status === 422) return joinFieldErrors(err);
  if (err.status === 409) return said ?? err.message;
  if (err.status === 403) return said;
  return null;
}

/**
 * A refusal with a reason (403 with a message, 409, 422) → that reason as a warning; anything
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
  const reason = refusalReason(err);
  if (reason) toast.warning(reason);
  else errorToast(err.message || err.statusText || fallback, err);
}

/** The generic save handler: a refusal's reason as a warning, otherwise the spec's save error. */
export function handleSaveError(err: unknown, fallback: string = MSG.saveError) {
  if (isAbort(err)) return;
  const reason = refusalReason(err);
  if (reason) {
    toast.warning(reason);
    return;
  }
  if (err instanceof ApiError && err.status === 401) return;
  if (!(err instanceof ApiError)) console.error(err);
  errorToast(fallback, err);
}
