// The privacy notice (docs/privacy.md «Aviso y autorizaciones», decision 0400): versions are never
// edited; publishing writes a new one, which is in force from then on and is asked of every member
// at his next sign-in (decision 0402).
import { asc, desc, eq, sql } from 'drizzle-orm';
import { privacidadAvisos, privacidadFinalidades } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { NoticeInput } from '../../shared/schemas/privacy';

export type Purpose = {
  codigo: string;
  nombre: string;
  texto: string;
  obligatoria: boolean;
  sensible: boolean;
};
export type Notice = { version: number; texto: string; publicado_at: number; finalidades: Purpose[] };

const purposeColumns = {
  codigo: privacidadFinalidades.codigo,
  nombre: privacidadFinalidades.nombre,
  texto: privacidadFinalidades.texto,
  obligatoria: privacidadFinalidades.obligatoria,
  sensible: privacidadFinalidades.sensible,
};

/** The notice in force (the newest version) with its purposes, in one round trip. */
export async function currentNotice(db: Db): Promise<Notice> {
  const newest = sql`(select max(${privacidadAvisos.version}) from ${privacidadAvisos})`;
  const [[aviso], finalidades] = await db.batch([
    db.select().from(privacidadAvisos).orderBy(desc(privacidadAvisos.version)).limit(1),
    db
      .select(purposeColumns)
      .from(privacidadFinalidades)
      .where(eq(privacidadFinalidades.version, newest))
      .orderBy(asc(privacidadFinalidades.orden)),
  ]);
  // The migration writes version 1: a database without it is not migrated.
  if (!aviso) throw new Error('privacy_notices is empty: run the migrations');
  return { version: aviso.version, texto: aviso.texto, publicado_at: aviso.publicadoAt, finalidades };
}

/** One version with its purposes (null if it was never published). */
export async function noticeVersion(db: Db, version: number): Promise<Notice | null> {
  const [[aviso], finalidades] = await db.batch([
    db.select().from(privacidadAvisos).where(eq(privacidadAvisos.version, version)),
    db
      .select(purposeColumns)
      .from(privacidadFinalidades)
      .where(eq(privacidadFinalidades.version, version))
      .orderBy(asc(privacidadFinalidades.orden)),
  ]);
  return aviso
    ? { version: aviso.version, texto: aviso.texto, publicado_at: aviso.publicadoAt, finalidades }
    : null;
}

/** Every version, newest first, for Configuración → Privacidad. */
export async function noticeVersions(db: Db) {
  const rows = await db
    .select({
      version: privacidadAvisos.version,
      publicado_at: privacidadAvisos.publicadoAt,
      finalidades: sql<number>`(select count(*) from ${privacidadFinalidades} f where f.version = ${privacidadAvisos.version})`,
    })
    .from(privacidadAvisos)
    .orderBy(desc(privacidadAvisos.version));
  return rows;
}

/**
 * Publishes the next version: its number is the newest plus one, taken inside the insert so two
 * publications at once cannot share a number (the second insert clashes on the primary key).
 */
export async function publishNotice(db: Db, input: NoticeInput, userId: number, at: number) {
  const current = await currentNotice(db);
  const version = current.version + 1;
  await db.batch([
    db
      .insert(privacidadAvisos)
      .values({ version, texto: input.texto, publicadoAt: at, publicadoPor: userId }),
    db.insert(privacidadFinalidades).values(
      input.finalidades.map((f, i) => ({
        version,
        codigo: f.codigo,
        nombre: f.nombre,
        texto: f.texto,
        obligatoria: f.obligatoria,
        sensible: f.sensible,
        orden: i + 1,
      })),
    ),
  ]);
  return version;
}

/**
 * The purposes of `now` a member who last accepted `before` has to look at again: those that are
 * new or whose name, text or kind changed (all of them when he accepted none).
 */
export function changedPurposes(now: Notice, before: Notice | null): Purpose[] {
  if (!before) return now.finalidades;
  return now.finalidades.filter((f) => {
    const old = before.finalidades.find((o) => o.codigo === f.codigo);
    return (
      !old ||
      old.nombre !== f.nombre ||
      old.texto !== f.texto ||
      old.obligatoria !== f.obligatoria ||
      old.sensible !== f.sensible
    );
  });
}
