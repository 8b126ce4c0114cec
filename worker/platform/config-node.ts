import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomToken } from './bytes';
import { previousKeys } from './file-keys';

export type LocalSecrets = {
  jwtSecret: string;
  pepper: string;
  /** The key of encryption at rest (docs/decisions/0371-files-key-ring-and-rotation.md). */
  filesKey: string;
  /** Older files keys, still able to open files a rotation has not re-wrapped yet. */
  filesKeysPrevious: string[];
};
type Stored = { jwtSecret?: string; pepper?: string; filesKey?: string; filesKeysPrevious?: string[] };

/**
 * Local secrets: JWT_SECRET, PASSWORD_PEPPER and FILES_KEY from the environment, or generated once
 * into data/secrets.json so sessions, passwords and stored files survive restarts on a developer's
 * machine. FILES_KEYS_PREVIOUS from the environment, plus any the file keeps (`npm run
 * files:rotate -- --new-key` moves the file's key there).
 */
export function localSecrets(file: string): LocalSecrets {
  const env = process.env;
  const stored: Stored = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const kept: Stored = {
    jwtSecret: stored.jwtSecret ?? randomToken(48),
    pepper: stored.pepper ?? randomToken(32),
    filesKey: stored.filesKey ?? randomToken(48),
    ...(stored.filesKeysPrevious?.length ? { filesKeysPrevious: stored.filesKeysPrevious } : {}),
  };
  const generated =
    (!env.JWT_SECRET && !stored.jwtSecret) ||
    (!env.PASSWORD_PEPPER && !stored.pepper) ||
    (!env.FILES_KEY && !stored.filesKey);
  if (generated) saveSecrets(file, kept);
  return {
    jwtSecret: env.JWT_SECRET ?? kept.jwtSecret!,
    pepper: env.PASSWORD_PEPPER ?? kept.pepper!,
    filesKey: env.FILES_KEY ?? kept.filesKey!,
    filesKeysPrevious: [...previousKeys(env.FILES_KEYS_PREVIOUS), ...(kept.filesKeysPrevious ?? [])],
  };
}

export function saveSecrets(file: string, secrets: Stored) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
}

/**
 * A new files key in the secrets file, the old one kept among the previous keys (`npm run
 * files:rotate -- --new-key`). Refused when FILES_KEY comes from the environment: that key is
 * the operator's to change.
 */
export function rotateLocalFilesKey(file: string): void {
  if (process.env.FILES_KEY)
    throw new Error('FILES_KEY viene del entorno: cámbielo allí y pase el anterior en FILES_KEYS_PREVIOUS.');
  localSecrets(file);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
  saveSecrets(file, {
    ...stored,
    filesKey: randomToken(48),
    filesKeysPrevious: [stored.filesKey!, ...(stored.filesKeysPrevious ?? [])],
  });
}

export function secretBytes(secret: string): Uint8Array {
  const bytes = new TextEncoder().encode(secret);
  if (bytes.length < 32) throw new Error('JWT_SECRET debe tener al menos 32 bytes');
  return bytes;
}
