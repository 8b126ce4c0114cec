// The withholding settings and the UVT table (decision 0446): one settings row (id 1) and one row
// per year, each value with its legal source, edited with their version like every audited row.
import { asc, eq } from 'drizzle-orm';
import { parametrosRetencion, uvtValores } from '../../db/schema';
import type { Db } from '../../platform/db';
import { runAudited, type Actor, type Audited, versionedEdit } from '../../platform/audit';
import type { WithholdingSettings } from '../../shared/schemas/tax-withholding';

export const SETTINGS_AUDITED: Audited = { entity: 'parametros_retencion', table: parametrosRetencion };
export const UVT_AUDITED: Audited = { entity: 'uvt_valores', table: uvtValores };

export async function readWithholdingSettings(db: Db) {
  const [row, uvt] = await db.batch([
    db.select().from(parametrosRetencion).where(eq(parametrosRetencion.id, 1)),
    db.select().from(uvtValores).orderBy(asc(uvtValores.anio)),
  ]);
  const p = row[0];
  return {
    tasa_natural: p?.tasaNatural ?? 1000,
    tasa_juridica: p?.tasaJuridica ?? 1100,
    umbral_uvt: p?.umbralUvt ?? 3300,
    fuente: p?.fuente ?? '',
    agente_nit: p?.agenteNit ?? null,
    agente_razon_social: p?.agenteRazonSocial ?? null,
    agente_direccion: p?.agenteDireccion ?? null,
    agente_ciudad: p?.agenteCiudad ?? null,
    version: p?.version ?? 1,
    updated_at: p?.updatedAt ?? null,
    uvt: uvt.map((u) => ({ anio: u.anio, valor: u.valor, fuente: u.fuente, version: u.version })),
  };
}

export async function saveWithholdingSettings(
  db: Db,
  body: WithholdingSettings,
  actor: Actor & { userId: number },
) {
  const values = {
    tasaNatural: body.tasa_natural,
    tasaJuridica: body.tasa_juridica,
    umbralUvt: body.umbral_uvt,
    fuente: body.fuente,
    agenteNit: body.agente_nit || null,
    agenteRazonSocial: body.agente_razon_social,
    agenteDireccion: body.agente_direccion,
    agenteCiudad: body.agente_ciudad,
    updatedAt: actor.at,
    updatedBy: actor.userId,
  };
  // The row exists from the migration; recreated if someone removed it.
  await db
    .insert(parametrosRetencion)
    .values({ id: 1, ...values })
    .onConflictDoNothing();
  await runAudited(db, versionedEdit(db, SETTINGS_AUDITED, 1, values, { version: body.version, actor }));
  return readWithholdingSettings(db);
}

/** Creates or edits a year's UVT (an edit names the version it read). */
export async function saveUvt(
  db: Db,
  anio: number,
  body: { valor: number; fuente: string; version?: number },
  actor: Actor & { userId: number },
) {
  const current = await db.select().from(uvtValores).where(eq(uvtValores.anio, anio)).get();
  if (!current) {
    await runAudited(db, {
      audited: UVT_AUDITED,
      id: 'new',
      action: 'crear',
      actor,
      write: db.insert(uvtValores).values({
        anio,
        valor: body.valor,
        fuente: body.fuente,
        updatedAt: actor.at,
        updatedBy: actor.userId,
      }),
    });
    return { created: true };
  }
  await runAudited(
    db,
    versionedEdit(
      db,
      UVT_AUDITED,
      current.id,
      { valor: body.valor, fuente: body.fuente, updatedAt: actor.at, updatedBy: actor.userId },
      { version: body.version, actor },
    ),
  );
  return { created: false };
}
