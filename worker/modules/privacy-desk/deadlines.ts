// The rights desk's daily run (docs/privacy.md, decision 0419): incomplete requests left two months
// are withdrawn, the desk is told once a day what falls due or is overdue, and suppressions still
// scrubbing go on; the alert check opens an alert for each overdue request and each incident whose
// SIC deadline passed unreported.
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { notificaciones, privacidadSolicitudes } from '../../db/schema';
import { historyInsert } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { Clock, Config, Mailer } from '../../platform/ports';
import { bogotaDateOf } from '../../shared/business-days';
import { DUE_SOON_DAYS, WITHDRAWN_AFTER_MONTHS } from '../../shared/privacy-desk';
import { incidentsDue } from './incidents';
import { dueRequests, ENTITY } from './requests';
import { pendingSuppressions, runSuppression } from './suppression';
import { STATE } from '../../shared/workflow';

/** The instant `months` calendar months before `at`. */
function monthsBefore(at: number, months: number): number {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

export async function privacyDeadlines(p: { db: Db; clock: Clock; mailer: Mailer; config: Config }) {
  const { db, clock } = p;
  const now = clock.now();
  const today = bogotaDateOf(now);
  const t = privacidadSolicitudes;
  // Withdrawn: asked for what was missing more than two months ago, still INCOMPLETA.
  const stale = await db
    .select({ id: t.id, userId: t.userId, radicado: t.radicado })
    .from(t)
    .where(
      and(
        eq(t.estado, STATE.INCOMPLETA),
        isNotNull(t.incompletaAt),
        lte(t.incompletaAt, monthsBefore(now, WITHDRAWN_AFTER_MONTHS)),
      ),
    );
  for (const r of stale)
    await db.batch([
      db
        .update(t)
        .set({ estado: STATE.DESISTIDA, enTramiteDesde: null, updatedAt: now })
        .where(and(eq(t.id, r.id), eq(t.estado, STATE.INCOMPLETA))),
      historyInsert(db, {
        entity: ENTITY,
        entityId: r.id,
        from: STATE.INCOMPLETA,
        to: STATE.DESISTIDA,
        comentario: `Sin la información pedida en ${WITHDRAWN_AFTER_MONTHS} meses (Ley 1581 de 2012, art. 15)`,
        userId: null,
        at: now,
      }),
      db.insert(notificaciones).values({
        userId: r.userId,
        titulo: `Solicitud ${r.radicado} desistida`,
        mensaje: `No recibimos la información pedida en ${WITHDRAWN_AFTER_MONTHS} meses; puede radicar una nueva solicitud.`,
        entity: ENTITY,
        entityId: r.id,
        createdAt: now,
      }),
    ]);
  // What falls due: one message to the desk per day.
  const due = (await dueRequests(db, today, DUE_SOON_DAYS)).filter((r) => r.avisadaEl !== today);
  if (due.length) {
    const lines = due.map(
      (r) => `${r.radicado} · ${r.tipo} · vence el ${r.venceEl}${r.venceEl < today ? ' (VENCIDA)' : ''}`,
    );
    try {
      await p.mailer.send({
        to: p.config.supportEmail,
        subject: `Solicitudes de datos por vencer: ${due.length}`,
        body: `Estas solicitudes de los titulares vencen en ${DUE_SOON_DAYS} días hábiles o menos, o ya vencieron:\n\n${lines.join('\n')}\n\nAdministración → Solicitudes de datos.`,
      });
    } catch (err) {
      console.error('Privacy deadlines mail failed', err);
    }
    await db
      .update(t)
      .set({ avisadaEl: today })
      .where(sql`${t.id} in (select value from json_each(${JSON.stringify(due.map((r) => r.id))}))`);
  }
  let scrubbed = 0;
  for (const s of await pendingSuppressions(db)) {
    await runSuppression(db, s.id, now, () => Date.now());
    scrubbed++;
  }
  return { desistidas: stale.length, avisadas: due.length, supresiones: scrubbed };
}

/** The alert check: each overdue request, each incident past its SIC deadline unreported. */
export async function privacyAlerts(db: Db, at: number) {
  const today = bogotaDateOf(at);
  const overdue = (await dueRequests(db, today, 0)).filter((r) => r.venceEl < today);
  const incidents = await incidentsDue(db, today);
  return [
    ...overdue.map((r) => ({
      clave: `privacidad:solicitud:${r.radicado}`,
      titulo: `La solicitud de datos ${r.radicado} está vencida`,
      detalle: `Venció el ${r.venceEl} sin respuesta. Administración → Solicitudes de datos.`,
    })),
    ...incidents.map((i) => ({
      clave: `privacidad:incidente:${i.id}`,
      titulo: `El incidente ${i.id} debe reportarse a la SIC`,
      detalle: `El plazo de 15 días hábiles vence el ${i.venceSic}. Administración → Incidentes de datos.`,
    })),
  ];
}
