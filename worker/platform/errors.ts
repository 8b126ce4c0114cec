import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from '../shared/messages';

/** Every failure the API answers with: one JSON shape, `{message, errors?}`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.badRequest) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, MSG.unauthorized);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = () => new HttpError(413, MSG.tooLarge);
export const unsupported = (message: string = MSG.unsupportedType) => new HttpError(415, message);
export const tooMany = (retryAfterSeconds: number, message: string = MSG.tooMany) =>
  new HttpError(429, message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** 422 with `{field: [messages]}`; the message joins them, as the web shows it (spec §8). */
export function invalid(errors: Record<string, string[]>): HttpError {
  const message = [...new Set(Object.values(errors).flat())].join(', ');
  return new HttpError(422, message || MSG.invalid, errors);
}
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
