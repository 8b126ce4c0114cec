import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomToken } from './bytes';

/**
 * Local secrets: JWT_SECRET and PASSWORD_PEPPER from the environment, or generated once into
 * data/secrets.json so sessions and passwords survive restarts on a developer's machine.
 */
export function localSecrets(file: string): { jwtSecret: string; pepper: string } {
  const fromEnv = { jwtSecret: process.env.JWT_SECRET, pepper: process.env.PASSWORD_PEPPER };
  let stored: { jwtSecret?: string; pepper?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const out = {
    jwtSecret: fromEnv.jwtSecret ?? stored.jwtSecret ?? randomToken(48),
    pepper: fromEnv.pepper ?? stored.pepper ?? randomToken(32),
  };
  if (!fromEnv.jwtSecret || !fromEnv.pepper) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ jwtSecret: stored.jwtSecret ?? out.jwtSecret, pepper: stored.pepper ?? out.pepper }),
      { mode: 0o600 },
    );
  }
  return out;
}

export function secretBytes(secret: string): Uint8Array {
  const bytes = new TextEncoder().encode(secret);
  if (bytes.length < 32) throw new Error('JWT_SECRET debe tener al menos 32 bytes');
  return bytes;
}
