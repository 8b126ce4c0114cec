// The payment reference of a purchase (issue 23 §2, docs/decisions/0130): what a member writes in
// his bank transfer's description and what a bank statement or a gateway event is matched on.
// `P`, the purchase id in base 31 (at least four characters) and a check character: purchase 1 is
// `P22236`, purchase 123456789 `P6BQ524J`. The alphabet has no 0/O, 1/I/L (nothing a person can misread or
// mistype as another character), the prefix keeps it apart from amounts and account numbers in a
// statement line, and the check character (weighted sum mod 31, 31 prime) catches any single wrong
// character and any swap of two neighbours. Case does not matter. Isomorphic: the SPA shows it,
// the API answers it, the statement import and the gateway read it back with `parseReference`.

/** 31 characters: 2–9 and A–Z without I, L and O. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const BASE = REFERENCE_ALPHABET.length;
const PREFIX = 'P';
const MIN_BODY = 4;

function checkChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += REFERENCE_ALPHABET.indexOf(body[i]!) * (i + 1);
  return REFERENCE_ALPHABET[sum % BASE]!;
}

/** The reference of purchase `purchaseId` (a positive safe integer), upper case. */
export function referenceFor(purchaseId: number): string {
  if (!Number.isSafeInteger(purchaseId) || purchaseId < 1) throw new RangeError('purchase id');
  let body = '';
  for (let n = purchaseId; n > 0; n = Math.floor(n / BASE)) body = REFERENCE_ALPHABET[n % BASE]! + body;
  body = body.padStart(MIN_BODY, REFERENCE_ALPHABET[0]!);
  return `${PREFIX}${body}${checkChar(body)}`;
}

/** The purchase id of one reference token (any case), or null when it is not a valid one. */
function parseToken(token: string): number | null {
  const t = token.toUpperCase();
  if (t.length < 1 + MIN_BODY + 1 || t.length > 14 || t[0] !== PREFIX) return null;
  const body = t.slice(1, -1);
  if ([...t.slice(1)].some((ch) => !REFERENCE_ALPHABET.includes(ch))) return null;
  if (checkChar(body) !== t[t.length - 1]) return null;
  // A body longer than the minimum never starts with the alphabet's zero (one id, one reference).
  if (body.length > MIN_BODY && body[0] === REFERENCE_ALPHABET[0]) return null;
  let n = 0;
  for (const ch of body) n = n * BASE + REFERENCE_ALPHABET.indexOf(ch);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}

/**
 * The purchase id named by a reference found in `text` (a typed reference or a whole statement
 * description such as "TRANSF p2223x JUAN"), or null when no word of it is a valid reference or
 * two valid ones disagree.
 */
export function parseReference(text: string): number | null {
  let found: number | null = null;
  for (const word of text.split(/[^0-9A-Za-z]+/)) {
    const id = word ? parseToken(word) : null;
    if (id === null) continue;
    if (found !== null && found !== id) return null;
    found = id;
  }
  return found;
}
