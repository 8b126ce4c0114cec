// The consent ledger's reads (decision 0401) and the gate on sensitive data (decision 0403,
// SECURITY row «datos sensibles»): a sensitive field is stored only while the member's newest row
// for its purpose is a grant. In the platform so every module that writes such a field calls it.
import { desc, eq, sql } from 'drizzle-orm';
import { consentLedger, privacidadFinalidades, privacyNoticeVersion } from '../db/schema';
import type { Db } from './db';
import { invalid } from './errors';
import { consentRequired, purposeOfField, type SensitivePurpose } from '../shared/privacy';

export type LedgerRow = typeof consentLedger.$inferSelect;

/** A member's ledger, newest first. */
export const ledgerRows = (db: Db, userId: number) =>
  db.select().from(consentLedger).where(eq(consentLedger.userId, userId)).orderBy(desc(consentLedger.id));

/** Each purpose's newest row: the member's standing on it. */
export function standingOf(rows: LedgerRow[]): Map<string, LedgerRow> {
  const out = new Map<string, LedgerRow>();
  for (const r of rows) if (!out.has(r.finalidad)) out.set(r.finalidad, r);
  return out;
}

/** The purposes a member holds granted now. */
export async function grantedPurposes(db: Db, userId: number): Promise<Set<string>> {
  const standing = standingOf(await ledgerRows(db, userId));
  return new Set([...standing.values()].filter((r) => r.otorgada).map((r) => r.finalidad));
}

/** A value that stores something: not null, not an empty list. */
const holds = (value: unknown) => value != null && !(Array.isArray(value) && value.length === 0);

/**
 * Refuses (422, naming the purpose) the sensitive fields among `values` that carry data while
 * `userId` has not granted their purpose; null and empty lists always pass, so a member who
 * grants nothing can save every form with those fields empty.
 */
export async function gateSensitive(db: Db, userId: number, values: Record<string, unknown>) {
  const needed = new Map<string, SensitivePurpose>();
  for (const [field, value] of Object.entries(values)) {
    const purpose = purposeOfField(field);
    if (purpose && holds(value)) needed.set(field, purpose);
  }
  if (!needed.size) return;
  await requirePurposes(db, userId, needed);
}

/** Refuses unless `userId` holds every purpose named (by field: the 422's keys). */
export async function requirePurposes(db: Db, userId: number, needed: Map<string, SensitivePurpose>) {
  const granted = await grantedPurposes(db, userId);
  const missing = [...needed].filter(([, p]) => !granted.has(p));
  if (!missing.length) return;
  const rows = await db
    .select({ codigo: privacidadFinalidades.codigo, nombre: privacidadFinalidades.nombre })
    .from(privacidadFinalidades)
    .where(eq(privacidadFinalidades.version, sql`(${privacyNoticeVersion})`));
  const names = new Map(rows.map((f) => [f.codigo, f.nombre]));
  throw invalid(
    Object.fromEntries(missing.map(([field, p]) => [field, [consentRequired(names.get(p) ?? p)]])),
  );
}
