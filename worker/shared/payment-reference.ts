// The payment reference of a purchase (decision 0142): short, upper case, typed by a member into his
// bank app and read back from the bank's statement. Isomorphic (the SPA shows it, the server
// parses statements and gateway events with it).
//
// Shape: one digit, at least four body characters, one check character — "7K3QX9" for most ids.
// - The 31 characters are 2–9 and A–Z without I, L and O: none of 0/O, 1/I/L can be mistyped
//   for another (and 31 is prime, which the check needs).
// - The id is written in mixed radix: the first character is a digit (id mod 8), the rest base
//   31, most significant first, padded with '2' (zero) to four. The leading digit keeps ordinary
//   words of a bank's description ("PAGO", "CUENTA") from ever reading as a reference.
// - The check character is Σ (i + 1) · value(cᵢ) mod 31 over the characters before it: weights
//   1…n are distinct and non-zero mod 31, so any single wrong character and any swap of two
//   neighbours changes the sum and is caught.

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const BASE = REFERENCE_ALPHABET.length; // 31
const DIGITS = 8; // '2'…'9', the alphabet's first eight
const MIN_BODY = 4;
/** Longest reference parsed: a leading digit, up to 7 body characters and the check. */
const MAX_LENGTH = 9;
const MIN_LENGTH = 1 + MIN_BODY + 1;

const valueOf = (ch: string) => REFERENCE_ALPHABET.indexOf(ch);

function checkOf(chars: string): string {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (i + 1) * valueOf(chars[i]!);
  return REFERENCE_ALPHABET[sum % BASE]!;
}

/** The purchase's payment reference, e.g. referenceFor(1) → "32222" + check. */
export function referenceFor(purchaseId: number): string {
  if (!Number.isSafeInteger(purchaseId) || purchaseId < 1) throw new RangeError(`purchase id ${purchaseId}`);
  const head = REFERENCE_ALPHABET[purchaseId % DIGITS]!;
  let rest = Math.floor(purchaseId / DIGITS);
  let body = '';
  while (rest > 0) {
    body = REFERENCE_ALPHABET[rest % BASE]! + body;
    rest = Math.floor(rest / BASE);
  }
  body = body.padStart(MIN_BODY, REFERENCE_ALPHABET[0]!);
  return head + body + checkOf(head + body);
}

/** The purchase id of one token if it is a well-formed reference with a right check character. */
function idOf(token: string): number | null {
  if (token.length < MIN_LENGTH || token.length > MAX_LENGTH) return null;
  const head = valueOf(token[0]!);
  if (head < 0 || head >= DIGITS) return null;
  let rest = 0;
  for (let i = 1; i < token.length - 1; i++) {
    const v = valueOf(token[i]!);
    if (v < 0) return null;
    rest = rest * BASE + v;
  }
  if (valueOf(token[token.length - 1]!) < 0) return null;
  if (checkOf(token.slice(0, -1)) !== token[token.length - 1]) return null;
  const id = rest * DIGITS + head;
  // One spelling per id: a body padded with more zeros than needed is not a reference.
  return id >= 1 && referenceFor(id) === token ? id : null;
}

/**
 * The purchase id when the whole text is one payment reference with a right check character,
 * case-insensitive, optionally after "REF" ("REF7K3QX9", "ref 7K3QX9", "Ref: 7K3QX9"); null
 * otherwise. What a search box takes as a reference (decision 0347).
 */
export function referenceIn(text: string): number | null {
  const token = text
    .trim()
    .toUpperCase()
    .replace(/^REF[\s:#-]*/, '');
  return /^[A-Z0-9]+$/.test(token) ? idOf(token) : null;
}

/**
 * The purchase id of the first payment reference inside a text (a bank movement's description,
 * a typed reference), case-insensitive; null when there is none or its check character is wrong.
 * Tokens are runs of letters and digits; a token glued to "REF" ("REF7K3QX9") is read too.
 */
export function parseReference(text: string): number | null {
  const tokens = text.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  for (const token of tokens) {
    const id = idOf(token) ?? (token.startsWith('REF') ? idOf(token.slice(3)) : null);
    if (id !== null) return id;
  }
  return null;
}

/**
 * Whether a text names a payment reference, right or wrong: "REF" followed by a code ("PAGO REF
 * ZZZZZZ", "Ref: 7K3QX9"). A bank line that names one that is no purchase's was reported as having
 * none (decision 0466): it reads «Referencia no encontrada».
 */
export function namesReference(text: string): boolean {
  return /(^|[^A-Z0-9])REF[\s:#.-]*[A-Z0-9]{4,}/.test(text.toUpperCase());
}
