// Appending to the consent ledger (decision 0401), and what a revocation of a sensitive purpose
// clears at once (decision 0403): the profile's fields and catalogues it covers, which the
// publication reads from the same row, and the identity documents with their files.
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { perfilOpciones, perfiles, consentLedger, validacionesIdentidad } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { AppEnv } from '../../platform/ports';
import {
  actorOf,
  bumpVersion,
  runAudited,
  type Actor,
  type RecordWrite,
  type Statement,
} from '../../platform/audit';
import { SENSITIVE_PURPOSES, type ConsentChannel, type SensitivePurpose } from '../../shared/privacy';
import { IDENTITY_AUDITED, PERFIL_AUDITED } from '../profile';

const camel = (k: string) => k.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());

export type Entry = {
  userId: number;
  finalidad: string;
  otorgada: boolean;
  version: number;
  canal: ConsentChannel;
  evidencia?: string | null;
};

/** The ledger row of one decision, with who recorded it and from where. */
export const entryInsert = (db: Db, e: Entry, actor: Actor) =>
  db.insert(consentLedger).values({
    userId: e.userId,
    finalidad: e.finalidad,
    otorgada: e.otorgada,
    version: e.version,
    canal: e.canal,
    evidencia: e.evidencia ?? null,
    actorId: actor.userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    createdAt: actor.at,
  });

/**
 * Appends the entries; a revocation of a sensitive purpose clears its data at once: the ledger
 * rows and every cleared record (profile, then identity), each an audited edit (decision 0250),
 * go in one batch.
 */
export async function appendEntries(c: Context<AppEnv>, entries: Entry[]) {
  const { db, blobs } = c.var;
  const actor = actorOf(c);
  const inserts: Statement[] = entries.map((e) => entryInsert(db, e, actor));
  const groups: RecordWrite[] = [];
  const files: string[] = [];
  for (const e of entries) {
    if (e.otorgada || !(e.finalidad in SENSITIVE_PURPOSES)) continue;
    const cleared = await clearStatements(db, e.userId, e.finalidad as SensitivePurpose, actor);
    groups.push(...cleared.groups);
    files.push(...cleared.keys);
  }
  const [first, ...rest] = groups;
  if (first) await runAudited(db, [{ ...first, then: inserts }, ...rest]);
  else if (inserts.length) await db.batch(inserts as [Statement, ...Statement[]]);
  // The files go once no row names them (a failure here leaves orphans, never a dangling row).
  for (const key of files) await blobs.delete(key);
}

/** What revoking `purpose` clears of `userId`'s data, one audited group per record, and the files. */
async function clearStatements(db: Db, userId: number, purpose: SensitivePurpose, actor: Actor) {
  const covers = SENSITIVE_PURPOSES[purpose];
  const groups: RecordWrite[] = [];
  const keys: string[] = [];
  if (covers.profile.length || covers.options.length) {
    const row = await db.select({ id: perfiles.id }).from(perfiles).where(eq(perfiles.userId, userId)).get();
    if (row)
      groups.push({
        audited: PERFIL_AUDITED,
        id: row.id,
        action: 'editar',
        actor,
        before: [
          ...(covers.options.length
            ? [
                db
                  .delete(perfilOpciones)
                  .where(
                    and(
                      eq(perfilOpciones.userId, userId),
                      inArray(perfilOpciones.catalogo, [...covers.options]),
                    ),
                  ),
              ]
            : []),
        ],
        write: db
          .update(perfiles)
          .set({
            ...Object.fromEntries(covers.profile.map((f) => [camel(f), null])),
            updatedAt: actor.at,
            version: bumpVersion,
          })
          .where(eq(perfiles.id, row.id)),
      });
  }
  if (covers.identity) {
    const row = await db
      .select()
      .from(validacionesIdentidad)
      .where(eq(validacionesIdentidad.userId, userId))
      .get();
    if (row && (row.frenteKey || row.respaldoKey || row.selfieKey)) {
      keys.push(...[row.frenteKey, row.respaldoKey, row.selfieKey].filter((k): k is string => !!k));
      groups.push({
        audited: IDENTITY_AUDITED,
        id: row.id,
        action: 'editar',
        actor,
        write: db
          .update(validacionesIdentidad)
          .set({
            frenteKey: null,
            respaldoKey: null,
            selfieKey: null,
            updatedAt: actor.at,
            version: bumpVersion,
          })
          .where(eq(validacionesIdentidad.id, row.id)),
      });
    }
  }
  return { groups, keys };
}
