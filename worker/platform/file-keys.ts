// The key ring of encryption at rest (docs/decisions/0371-files-key-ring-and-rotation.md): FILES_KEY, the
// current secret, and FILES_KEYS_PREVIOUS, older secrets still able to open files not yet
// re-wrapped. Each secret becomes an AES-256-GCM key-encryption key through HKDF-SHA-256, and its
// key id is a fingerprint derived the same way (one-way: it names the key without revealing it).

export const MIN_FILES_KEY_BYTES = 32;

export type FileKey = { kid: string; kek: CryptoKey };

export interface FileKeyRing {
  /** The key new files and re-wrapped envelopes use. */
  current(): Promise<FileKey>;
  /** The key of an envelope's id, current or previous; undefined when the ring does not hold it. */
  byKid(kid: string): Promise<FileKey | undefined>;
}

const enc = new TextEncoder();
const SALT = enc.encode('360web archivos en reposo');

async function derive(secret: string): Promise<FileKey> {
  const ikm = await crypto.subtle.importKey('raw', enc.encode(secret), 'HKDF', false, [
    'deriveKey',
    'deriveBits',
  ]);
  const hkdf = (info: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: SALT, info: enc.encode(info) });
  const [kek, id] = await Promise.all([
    crypto.subtle.deriveKey(hkdf('kek v1'), ikm, { name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]),
    crypto.subtle.deriveBits(hkdf('kid v1'), ikm, 64),
  ]);
  const kid = [...new Uint8Array(id)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { kid, kek };
}

// A derived key is plain key material (no I/O object), kept per secret for the life of the process
// or isolate, as the JWT's HMAC key is (worker/platform/jwt.ts).
const derived = new Map<string, Promise<FileKey>>();
function keyOf(secret: string): Promise<FileKey> {
  let key = derived.get(secret);
  if (!key) {
    key = derive(secret);
    derived.set(secret, key);
  }
  return key;
}

/** Why a FILES_KEY or FILES_KEYS_PREVIOUS value cannot be used, or null when it can. */
export function filesKeyProblem(secret: string): string | null {
  const bytes = enc.encode(secret).length;
  if (!bytes) return 'falta';
  if (bytes < MIN_FILES_KEY_BYTES)
    return `tiene ${bytes} bytes; se requieren al menos ${MIN_FILES_KEY_BYTES}`;
  return null;
}

/** FILES_KEYS_PREVIOUS: secrets separated by commas or white space (base64 has neither). */
export const previousKeys = (raw: string | undefined): string[] =>
  (raw ?? '').split(/[\s,]+/).filter((s) => s.length > 0);

export function fileKeyRing(current: string, previous: readonly string[] = []): FileKeyRing {
  const problem = filesKeyProblem(current);
  if (problem) throw new Error(`FILES_KEY ${problem}`);
  const old = previous.map(filesKeyProblem).find((p) => p);
  if (old) throw new Error(`FILES_KEYS_PREVIOUS: una clave ${old}`);
  return {
    current: () => keyOf(current),
    async byKid(kid) {
      for (const secret of [current, ...previous]) {
        const key = await keyOf(secret);
        if (key.kid === kid) return key;
      }
      return undefined;
    },
  };
}
