// What every call shares (docs/product-spec.md §7): the error type, the 401 hook, the base path. The calls
// themselves go through the typed client (lib/client.ts) or, for files, lib/transfer.ts.
import { MSG } from '@shared/messages';

export const API_BASE = '/api/v1';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly errors: FieldErrors;
  readonly code?: string;
  readonly body: unknown;
  /** The answer's X-Request-Id: the error toast shows it («Código: …») for the member to quote. */
  readonly requestId?: string;

  constructor(status: number, statusText: string, body: unknown, requestId?: string | null) {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    super(typeof b.message === 'string' && b.message ? b.message : statusText || MSG.requestError);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.errors = isFieldErrors(b.errors) ? b.errors : {};
    this.code = typeof b.code === 'string' ? b.code : undefined;
    this.requestId = requestId ?? undefined;
  }
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

let onUnauthorized: (() => void) | null = null;

/** The session registers what a 401 does (clear the session, go to /login). */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

export function handleUnauthorized() {
  onUnauthorized?.();
}

/** GET data goes to the query string; objects and arrays are JSON-encoded (sorts, filters). */
export function toQuery(data?: Record<string, unknown>): string {
  if (!data) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const apiUrl = (path: string) => `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;

/** The header every API answer carries (worker/platform/ops/request-log.ts). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

export const baseHeaders = { 'X-Requested-With': 'XMLHttpRequest' } as const;

export async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
