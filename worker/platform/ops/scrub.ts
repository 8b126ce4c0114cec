// Personal data never leaves in a log line or an error report (SECURITY row 18,
// docs/decisions/0353): what is written or sent is passed through here first.

// No '/' on either side: `node_modules/@scope/pkg` paths in a stack are not e-mails.
const EMAIL = /[^\s@"'<>(),;:/\\]+@[^\s@"'<>(),;:/\\]+\.[a-z]{2,}/gi;
// JWTs, bearer tokens and long random tokens (reset links, API keys).
const JWT = /\beyJ[\w-]{6,}\.[\w-]{6,}\.[\w-]{6,}/g;
const BEARER = /\b(bearer|basic)\s+[\w.~+/=-]{8,}/gi;
const LONG_TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;
// Documents, accounts and phones: runs of 6 or more digits (spaces, dots and dashes between).
const DIGITS = /\+?\d(?:[\s.-]?\d){5,}/g;
// `key=value` and `"key":"value"` pairs whose key names something personal or secret.
const SECRET_KEYS =
  'password|contrase(?:n|ñ)a|clave|token|cookie|authorization|secret|pepper|email|correo|nombres?|apellidos?|telefono|celular|documento|identificacion|numero_cuenta|direccion';
const PAIR = new RegExp(
  `((?:["']?)(?:[\\w-]*(?:${SECRET_KEYS})[\\w-]*)["']?\\s*[:=]\\s*)("[^"]*"|'[^']*'|[^\\s,;&}]+)`,
  'gi',
);
// drizzle's "Failed query: … params: a,b,c" carries the statement's values.
const PARAMS = /(params:\s*)[^\n]*/gi;

/** A text with e-mails, tokens, long digit runs and secret-named values replaced. */
export function scrubText(text: string): string {
  return text
    .replace(PARAMS, '$1[filtrado]')
    .replace(PAIR, '$1[filtrado]')
    .replace(JWT, '[token]')
    .replace(BEARER, '$1 [token]')
    .replace(EMAIL, '[correo]')
    .replace(LONG_TOKEN, '[token]')
    .replace(DIGITS, '[número]');
}

/** An error's name, message and stack, scrubbed (the stack's first line repeats the message). */
export function scrubbedError(err: unknown): { type: string; message: string; stack?: string } {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? `\nCausa: ${cause.name}: ${cause.message}` : '';
    return {
      type: err.name,
      message: scrubText(`${err.message}${causeText}`).slice(0, 2000),
      ...(err.stack ? { stack: scrubText(err.stack).slice(0, 8000) } : {}),
    };
  }
  return { type: 'Error', message: scrubText(String(err)).slice(0, 2000) };
}
