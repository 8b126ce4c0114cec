// Administración → Estado del sistema (docs/decisions/0350): the jobs with their last and next
// run, open settlement cycles, the queues, the API's last hour, the last backup and open alerts.
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { ciclosBonificacion, jobRuns, opsAlerts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { nextCronTime } from '../../platform/ops/cron';
import { apiFigures } from '../../platform/ops/metrics';
import { BACKUP_JOB, JOBS, type BackupSummary } from '../jobs';
import { STATUS_QUEUES } from './queues';
import { STATE } from '../../shared/workflow';

const HOUR = 3_600_000;
const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

export type JobResult = 'OK' | 'FALLIDO' | 'EN_CURSO' | 'SIN_EJECUTAR';

export async function systemStatus(db: Db, now: number) {
  const keys = JOBS.map((j) => j.key);
  const [first, ...rest] = keys.map((k) =>
    db.select().from(jobRuns).where(eq(jobRuns.job, k)).orderBy(desc(jobRuns.id)).limit(1),
  );
  const lastRuns = (await db.batch([first!, ...rest])).map((rows) => rows[0]);
  const crons = JOBS.map((job, i) => {
    const run = lastRuns[i];
    const next = Math.min(...job.crons.map((c) => nextCronTime(c, now)));
    return {
      clave: job.key,
      nombre: job.nombre,
      ultima_ejecucion: iso(run?.startedAt),
      resultado: (run?.resultado ?? 'SIN_EJECUTAR') as JobResult,
      duracion_ms: run?.duracionMs ?? null,
      proxima: iso(next)!,
      error: run?.error ?? null,
    };
  });
  const cycles = await db
    .select({
      clave: ciclosBonificacion.clave,
      estado: ciclosBonificacion.estado,
      miembros: ciclosBonificacion.miembros,
      miembrosHechos: ciclosBonificacion.miembrosHechos,
      pasos: ciclosBonificacion.pasos,
      ultimoError: ciclosBonificacion.ultimoError,
      leaseUntil: ciclosBonificacion.leaseUntil,
      iniciadoAt: ciclosBonificacion.iniciadoAt,
    })
    .from(ciclosBonificacion)
    .where(ne(ciclosBonificacion.estado, STATE.LIQUIDADO))
    .orderBy(ciclosBonificacion.clave);
  const colas = await Promise.all(
    STATUS_QUEUES.map(async (q) => ({
      clave: q.clave,
      nombre: q.nombre,
      reintento: q.reintento ?? null,
      ...(await q.read(db, now)),
    })),
  );
  const backups = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, BACKUP_JOB), inArray(jobRuns.resultado, ['OK'])))
    .orderBy(desc(jobRuns.id))
    .limit(1)
    .get();
  const last = backups?.resumen ? (JSON.parse(backups.resumen) as BackupSummary) : undefined;
  const alerts = await db
    .select()
    .from(opsAlerts)
    .where(isNull(opsAlerts.clearedAt))
    .orderBy(desc(opsAlerts.openedAt))
    .limit(50);
  return {
    crons,
    liquidacion: cycles.map((c) => ({
      clave: c.clave,
      estado: c.estado,
      miembros: c.miembros,
      miembros_hechos: c.miembrosHechos,
      pasos: c.pasos,
      ultimo_error: c.ultimoError,
      iniciado: iso(c.iniciadoAt),
      // Nobody holds it: no run is moving it forward.
      atascado: c.leaseUntil == null || c.leaseUntil < now,
    })),
    colas,
    api: { desde: iso(now - HOUR)!, ...(await apiFigures(db, now - HOUR)) },
    respaldo: last
      ? {
          clave: last.clave,
          terminado: iso(backups!.finishedAt),
          bytes: last.bytes,
          filas: last.filas,
          partes: last.partes,
          manifiesto: last.manifiesto,
        }
      : null,
    alertas: alerts.map((a) => ({
      clave: a.clave,
      titulo: a.titulo,
      detalle: a.detalle,
      abierta: iso(a.openedAt)!,
      notificada: a.notifiedAt != null,
    })),
  };
}

export type SystemStatus = Awaited<ReturnType<typeof systemStatus>>;
