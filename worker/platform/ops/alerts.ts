// Operations alerts (docs/decisions/0350): an incident is a row keyed by `clave`; the operator is
// e-mailed (OPS_EMAIL) when it opens, and not again while it stays open, however often it is seen.
// It clears when its condition is gone; seen again later, it is a new incident and a new mail.
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { opsAlerts } from '../../db/schema';
import type { Db } from '../db';
import type { Clock, Config, Mailer } from '../ports';
import { scrubText } from './scrub';

export type Incident = { clave: string; titulo: string; detalle: string };
export type AlertPorts = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'opsEmail' | 'appOrigin'>;
};

/** Where the alert mails point: Administración → Estado del sistema. */
export const STATUS_PATH = '/app/administracion/estado-sistema';

/** Opens the incident unless it is open already; mails OPS_EMAIL only when it opened now. */
export async function raiseAlert(p: AlertPorts, incident: Incident): Promise<boolean> {
  const now = p.clock.now();
  const detalle = scrubText(incident.detalle).slice(0, 2000);
  const [, inserted] = await p.db.batch([
    p.db
      .update(opsAlerts)
      .set({ lastSeenAt: now })
      .where(and(eq(opsAlerts.clave, incident.clave), isNull(opsAlerts.clearedAt))),
    p.db.all<{ id: number }>(sql`insert into ${opsAlerts} (clave, titulo, detalle, opened_at, last_seen_at)
      values (${incident.clave}, ${incident.titulo}, ${detalle}, ${now}, ${now})
      on conflict (clave) where cleared_at is null do nothing returning id`),
  ]);
  const row = (inserted as { id: number }[])[0];
  if (!row) return false;
  const to = p.config.opsEmail;
  console.warn(JSON.stringify({ level: 'warn', msg: 'alerta', clave: incident.clave, correo: !!to }));
  if (!to) return true;
  await p.mailer.send({
    to,
    subject: `[Alerta] ${incident.titulo}`,
    body: `${incident.titulo}\n\n${detalle}\n\nEstado del sistema: ${p.config.appOrigin}${STATUS_PATH}\n\nNo se enviará otro aviso de este incidente hasta que se resuelva.`,
  });
  await p.db.update(opsAlerts).set({ notifiedAt: p.clock.now() }).where(eq(opsAlerts.id, row.id));
  return true;
}

/** Closes the open incident of this key, if any. */
export async function clearAlert(p: Pick<AlertPorts, 'db' | 'clock'>, clave: string): Promise<void> {
  await p.db
    .update(opsAlerts)
    .set({ clearedAt: p.clock.now() })
    .where(and(eq(opsAlerts.clave, clave), isNull(opsAlerts.clearedAt)));
}

/**
 * A periodic check's findings: each incident given is raised (mailed if new), and the open ones
 * under `prefix` that were not given are cleared.
 */
export async function reconcileAlerts(p: AlertPorts, prefix: string, current: Incident[]): Promise<number> {
  let opened = 0;
  for (const incident of current) if (await raiseAlert(p, incident)) opened++;
  const open = await p.db
    .select({ clave: opsAlerts.clave })
    .from(opsAlerts)
    .where(and(like(opsAlerts.clave, `${prefix}%`), isNull(opsAlerts.clearedAt)));
  const keep = new Set(current.map((i) => i.clave));
  for (const { clave } of open) if (!keep.has(clave)) await clearAlert(p, clave);
  return opened;
}
