// The incidents register (docs/privacy.md «Incidentes», decision 0421): an administrator records
// what happened, when it was detected, which data and which members; the app computes the date by
// which the SIC must be told (15 business days after detection) and lists whom to notify.
import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { privacidadIncidentes, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import { addBusinessDays, bogotaDateOf, CalendarRangeError, holidayName } from '../../shared/business-days';
import { SIC_REPORT_DAYS } from '../../shared/privacy-desk';
import type { IncidentBody } from '../../shared/schemas/privacy-desk';
import { MEMBER_NAME_COLUMNS } from '../../platform/member-columns';

const t = privacidadIncidentes;
export const FUTURE_DETECTION = 'La fecha de detección no puede ser futura';
export const UNKNOWN_MEMBERS = (ids: number[]) => `No existen los miembros ${ids.join(', ')}`;

function sicDeadline(detectadoEl: string): string {
  try {
    holidayName(detectadoEl);
    return addBusinessDays(detectadoEl, SIC_REPORT_DAYS);
  } catch (err) {
    if (err instanceof CalendarRangeError || err instanceof TypeError)
      throw invalid({ detectado_el: ['El campo es inválido'] });
    throw err;
  }
}

const shaped = (row: typeof t.$inferSelect, today: string) => {
  const miembros = JSON.parse(row.miembros) as number[];
  return {
    id: row.id,
    descripcion: row.descripcion,
    detectado_el: row.detectadoEl,
    datos: row.datos,
    miembros,
    total_miembros: miembros.length,
    vence_sic: row.venceSic,
    reportado_sic_at: row.reportadoSicAt,
    vencido: row.reportadoSicAt === null && today > row.venceSic,
    created_at: row.createdAt,
  };
};

export async function recordIncident(db: Db, body: IncidentBody, userId: number, now: number) {
  const today = bogotaDateOf(now);
  if (body.detectado_el > today) throw invalid({ detectado_el: [FUTURE_DETECTION] });
  const venceSic = sicDeadline(body.detectado_el);
  if (body.miembros.length) {
    const found = new Set<number>();
    for (let i = 0; i < body.miembros.length; i += 500) {
      const chunk = body.miembros.slice(i, i + 500);
      for (const r of await db.select({ id: users.id }).from(users).where(inArray(users.id, chunk)))
        found.add(r.id);
    }
    const missing = body.miembros.filter((id) => !found.has(id));
    if (missing.length) throw invalid({ miembros: [UNKNOWN_MEMBERS(missing.slice(0, 10))] });
  }
  const row = await db
    .insert(t)
    .values({
      descripcion: body.descripcion,
      detectadoEl: body.detectado_el,
      datos: body.datos,
      miembros: JSON.stringify(body.miembros),
      venceSic,
      registradoPor: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  return shaped(row, today);
}

export async function listIncidents(db: Db, now: number) {
  const rows = await db.select().from(t).orderBy(desc(t.id)).limit(500);
  return rows.map((r) => shaped(r, bogotaDateOf(now)));
}

/** One incident with the members to notify (name and e-mail, paged by the caller). */
export async function incidentDetail(db: Db, id: number, now: number) {
  const row = await db.select().from(t).where(eq(t.id, id)).get();
  if (!row) throw notFound();
  const data = shaped(row, bogotaDateOf(now));
  const notificar: { id: number; user_name: string; email: string; nombres: string; apellidos: string }[] =
    [];
  for (let i = 0; i < data.miembros.length; i += 500) {
    const chunk = data.miembros.slice(i, i + 500);
    notificar.push(
      ...(await db
        .select({
          ...MEMBER_NAME_COLUMNS,
        })
        .from(users)
        .where(inArray(users.id, chunk))),
    );
  }
  return { ...data, notificar };
}

export async function markReported(db: Db, id: number, now: number) {
  const row = await db
    .update(t)
    .set({ reportadoSicAt: now, updatedAt: now })
    .where(eq(t.id, id))
    .returning()
    .get();
  if (!row) throw notFound();
  return shaped(row, bogotaDateOf(now));
}

/** Incidents not reported to the SIC whose deadline is today or passed (the daily alert). */
export async function incidentsDue(db: Db, today: string) {
  return db
    .select()
    .from(t)
    .where(and(isNull(t.reportadoSicAt), lte(t.venceSic, today)));
}
