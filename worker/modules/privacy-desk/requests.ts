// The rights desk (docs/privacy.md «Solicitudes de los titulares», decision 0415): a member files a
// request and gets its radicado and due date in Colombian business days; the desk extends it once,
// asks for what is missing, or answers it by e-mail (the answer is kept). Resolving a SUPRESION
// executes it (./suppression.ts, decision 0418).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { notificaciones, privacidadSolicitudes, privacidadSupresiones, users } from '../../db/schema';
import { historyInsert } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import { paginate } from '../../platform/paginate';
import type { AppEnv, Mailer } from '../../platform/ports';
import { bogotaDateOf, businessDaysBetween } from '../../shared/business-days';
import {
  dueChip,
  extendedDueDate,
  isClaim,
  MISSING_INFO_DAYS,
  REQUEST_TYPE_LABELS,
  requestDueDate,
  TERMS,
  type RequestType,
} from '../../shared/privacy-desk';
import type { PrivacyRequestBody, PrivacyResolveBody } from '../../shared/schemas/privacy-desk';
import { STATE, canMovePrivacyRequest, stateLabel } from '../../shared/workflow';

export const ENTITY = 'privacidad_solicitud';

const t = privacidadSolicitudes;

export const requestColumns = {
  id: t.id,
  radicado: t.radicado,
  user_id: t.userId,
  user_name: users.userName,
  email: users.email,
  tipo: t.tipo,
  motivo: t.motivo,
  descripcion: t.descripcion,
  estado: t.estado,
  recibida_el: t.recibidaEl,
  vence_el: t.venceEl,
  prorrogada_at: t.prorrogadaAt,
  motivo_prorroga: t.motivoProrroga,
  incompleta_at: t.incompletaAt,
  requerimiento: t.requerimiento,
  en_tramite_desde: t.enTramiteDesde,
  respuesta: t.respuesta,
  respondida_at: t.respondidaAt,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
};

type Row = {
  [K in keyof typeof requestColumns]: (typeof requestColumns)[K]['_']['data'] | null;
};

/** The row as the API gives it: with the grid's chip and the «reclamo en trámite» mark. */
function shaped<R extends Row>(row: R, today: string) {
  return {
    ...row,
    tipo_nombre: REQUEST_TYPE_LABELS[row.tipo as RequestType] ?? row.tipo,
    en_tramite: row.en_tramite_desde !== null,
    alerta: dueChip(row.estado ?? '', row.vence_el ?? '', today),
  };
}
export type PrivacyRequestRow = ReturnType<typeof shaped<Row>>;

const OPEN_FIRST = sql`case when ${t.estado} in ('RADICADA', 'PRORROGADA') then 0 when ${t.estado} = 'INCOMPLETA' then 1 else 2 end`;

export const ADMIN_SPEC: ListSpec = {
  sorts: {
    vence_el: sql`${OPEN_FIRST}, ${t.venceEl}`,
    created_at: t.createdAt,
    estado: t.estado,
    tipo: t.tipo,
    radicado: t.radicado,
    user_name: users.userName,
  },
  filters: {
    estado: { kind: 'eq', column: t.estado },
    tipo: { kind: 'eq', column: t.tipo },
    radicado: { kind: 'text', column: t.radicado },
    user_name: { kind: 'text', column: users.userName },
    user_id: { kind: 'int', column: t.userId },
  },
  defaultSort: { key: 'vence_el', dir: 'asc' },
};

const from = (db: Db) => db.select(requestColumns).from(t).innerJoin(users, eq(users.id, t.userId));

export async function findRequest(db: Db, id: number, today: string, ownerId?: number) {
  const row = await from(db)
    .where(and(eq(t.id, id), ownerId ? eq(t.userId, ownerId) : undefined))
    .get();
  if (!row) throw notFound();
  return shaped(row, today);
}

/** The caller's own requests, newest first. */
export async function ownRequests(db: Db, userId: number, today: string) {
  const rows = await from(db).where(eq(t.userId, userId)).orderBy(desc(t.id)).limit(200);
  return rows.map((r) => shaped(r, today));
}

/** The desk's grid: open requests first, by due date. */
export async function deskRequests(db: Db, q: Record<string, string | undefined>, today: string) {
  const query = parseListQuery(q, ADMIN_SPEC);
  const where = whereOf(query, ADMIN_SPEC);
  const { data, total } = await paginate(
    db,
    from(db)
      .where(where)
      .orderBy(...orderOf(query, ADMIN_SPEC, t.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(t).innerJoin(users, eq(users.id, t.userId)).where(where),
  );
  return { data: data.map((r) => shaped(r, today)), total };
}

/** Mails a member; a mail failure is logged and never undoes what was recorded. */
async function mailTo(mailer: Mailer, to: string, subject: string, body: string) {
  try {
    await mailer.send({ to, subject, body });
  } catch (err) {
    console.error('Privacy desk mail failed', subject, err);
  }
}

const notification = (db: Db, userId: number, titulo: string, mensaje: string, id: number, at: number) =>
  db
    .insert(notificaciones)
    .values({ userId, titulo, mensaje: mensaje.slice(0, 500), entity: ENTITY, entityId: id, createdAt: at });

/** Files a request: its radicado, its due date, the «reclamo en trámite» mark for a reclamo. */
export async function fileRequest(c: Context<AppEnv>, body: PrivacyRequestBody) {
  const { db, clock, user, mailer, config } = c.var;
  const now = clock.now();
  const today = bogotaDateOf(now);
  const tipo = body.tipo;
  const vence = requestDueDate(tipo, today);
  const [[row]] = await db.batch([
    db
      .insert(t)
      .values({
        // The next id, numbered per year: PD-2026-000042 (one statement, so no two share it).
        radicado: sql`'PD-' || ${today.slice(0, 4)} || '-' || printf('%06d', (select coalesce(max(id), 0) + 1 from ${t}))`,
        userId: user.id,
        tipo,
        motivo: tipo === 'RECLAMO' ? body.motivo : null,
        descripcion: body.descripcion,
        recibidaEl: today,
        venceEl: vence,
        // The mark goes on the record at once, well within the 2 business days of art. 15.
        enTramiteDesde: isClaim(tipo) ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.id, radicado: t.radicado }),
    db.run(sql`insert into state_history (entity, entity_id, from_state, to_state, comentario, user_id, created_at)
      values (${ENTITY}, last_insert_rowid(), null, 'RADICADA', ${`Solicitud radicada: ${tipo}`}, ${user.id}, ${now})`),
  ]);
  const { id, radicado } = row!;
  await db.batch([
    notification(
      db,
      user.id,
      `Solicitud ${radicado} radicada`,
      `Su solicitud (${REQUEST_TYPE_LABELS[tipo]}) se responderá a más tardar el ${vence}.`,
      id,
      now,
    ),
  ]);
  await mailTo(
    mailer,
    user.email,
    `Solicitud ${radicado} radicada`,
    `Recibimos su solicitud de ${REQUEST_TYPE_LABELS[tipo].toLowerCase()} el ${today}.\n\n` +
      `Radicado: ${radicado}\nFecha límite de respuesta: ${vence} (${TERMS[tipo].dias} días hábiles, ${TERMS[tipo].fuente}).\n`,
  );
  await mailTo(
    mailer,
    config.supportEmail,
    `Nueva solicitud de datos ${radicado} (${tipo})`,
    `${user.userName} radicó una solicitud de ${REQUEST_TYPE_LABELS[tipo].toLowerCase()}. Vence el ${vence}.`,
  );
  return { id, radicado, vence_el: vence };
}

export const MISSING_INFO_LATE = `El requerimiento de información debe enviarse dentro de los ${MISSING_INFO_DAYS} días hábiles siguientes al recibo de la solicitud`;
export const NOT_INCOMPLETE = 'La solicitud no está a la espera de información';
export const SUPPRESSION_RUNNING = 'La supresión de este titular ya está en curso';

/** The member completes an INCOMPLETA request: it is RADICADA again and its term starts over. */
export async function completeRequest(c: Context<AppEnv>, id: number, info: string) {
  const { db, clock, user } = c.var;
  const now = clock.now();
  const today = bogotaDateOf(now);
  const row = await findRequest(db, id, today, user.id);
  if (row.estado !== STATE.INCOMPLETA) throw conflict(NOT_INCOMPLETE);
  const vence = requestDueDate(row.tipo as RequestType, today);
  await db.batch([
    db
      .update(t)
      .set({
        descripcion: `${row.descripcion}\n\n— Información completada el ${today}:\n${info}`.slice(0, 12000),
        estado: STATE.RADICADA,
        recibidaEl: today,
        venceEl: vence,
        updatedAt: now,
      })
      .where(and(eq(t.id, id), eq(t.estado, STATE.INCOMPLETA))),
    historyInsert(db, {
      entity: ENTITY,
      entityId: id,
      from: STATE.INCOMPLETA,
      to: STATE.RADICADA,
      comentario: 'Información completada por el titular',
      userId: user.id,
      at: now,
    }),
  ]);
  return findRequest(db, id, today, user.id);
}

/**
 * The desk's action on a request: PRORROGADA (once, with its reason), INCOMPLETA (what is
 * missing, within 5 business days of receipt) or RESUELTA (the answer, mailed and kept). A
 * resolved SUPRESION starts its execution; the caller runs its steps.
 */
export async function actOnRequest(c: Context<AppEnv>, id: number, body: PrivacyResolveBody) {
  const { db, clock, user, mailer } = c.var;
  const now = clock.now();
  const today = bogotaDateOf(now);
  const row = await findRequest(db, id, today);
  const from = row.estado!;
  if (!canMovePrivacyRequest(from, body.estado))
    throw conflict(`No se puede cambiar el estado de ${stateLabel(from)} a ${stateLabel(body.estado)}`);
  const tipo = row.tipo as RequestType;
  const to = row.email!;
  let set: Partial<typeof t.$inferInsert>;
  let subject: string;
  let mail: string;
  if (body.estado === STATE.PRORROGADA) {
    const vence = extendedDueDate(tipo, row.vence_el!);
    set = { venceEl: vence, prorrogadaAt: now, motivoProrroga: body.respuesta };
    subject = `Solicitud ${row.radicado}: prórroga del plazo`;
    mail =
      `El plazo para responder su solicitud ${row.radicado} se amplía ${TERMS[tipo].prorroga} días hábiles, hasta el ${vence} ` +
      `(${TERMS[tipo].fuente}).\n\nMotivo: ${body.respuesta}\n`;
  } else if (body.estado === STATE.INCOMPLETA) {
    if (businessDaysBetween(row.recibida_el!, today) > MISSING_INFO_DAYS) throw conflict(MISSING_INFO_LATE);
    set = { incompletaAt: now, requerimiento: body.respuesta };
    subject = `Solicitud ${row.radicado}: falta información`;
    mail =
      `Para atender su solicitud ${row.radicado} necesitamos lo siguiente:\n\n${body.respuesta}\n\n` +
      'Complétela en Centro de ayuda → Mis solicitudes de datos. Si no recibimos la información en dos meses, ' +
      'entenderemos que desistió de la solicitud (Ley 1581 de 2012, art. 15).\n';
  } else {
    if (tipo === 'SUPRESION') {
      const running = await db
        .select({ id: privacidadSupresiones.id })
        .from(privacidadSupresiones)
        .where(
          and(
            eq(privacidadSupresiones.userId, row.user_id!),
            eq(privacidadSupresiones.estado, STATE.EN_CURSO),
          ),
        )
        .get();
      if (running) throw conflict(SUPPRESSION_RUNNING);
    }
    set = { respuesta: body.respuesta, respondidaAt: now, respondidaPor: user.id, enTramiteDesde: null };
    subject = `Respuesta a su solicitud ${row.radicado}`;
    mail =
      `${body.respuesta}\n\n` +
      (tipo === 'CONSULTA'
        ? 'Sus datos están en el archivo que puede descargar en Centro de ayuda → Mis solicitudes de datos → «Descargar mis datos».\n'
        : '') +
      (tipo === 'SUPRESION'
        ? 'Sus datos personales se suprimen ahora; su cuenta queda deshabilitada. Las compras, facturas, bonos y pagos se conservan bajo un seudónimo durante el plazo legal (Ley 962 de 2005, art. 28).\n'
        : '');
  }
  const [updated] = await db.batch([
    db
      .update(t)
      .set({ ...set, estado: body.estado, updatedAt: now })
      .where(and(eq(t.id, id), eq(t.estado, from)))
      .returning({ id: t.id }),
    historyInsert(db, {
      entity: ENTITY,
      entityId: id,
      from,
      to: body.estado,
      comentario: body.respuesta.slice(0, 500),
      userId: user.id,
      at: now,
    }),
    notification(db, row.user_id!, subject, body.respuesta, id, now),
  ]);
  if (!updated.length)
    throw conflict(`No se puede cambiar el estado de ${stateLabel(from)} a ${stateLabel(body.estado)}`);
  // The answer is mailed before a suppression replaces the address (the mail is a privacy record).
  await mailTo(mailer, to, subject, mail);
  return { tipo, userId: row.user_id!, estado: body.estado };
}

/** Open requests that fall due within `days` business days or are overdue, by due date. */
export async function dueRequests(db: Db, today: string, soonDays: number) {
  const rows = await db
    .select({
      id: t.id,
      radicado: t.radicado,
      tipo: t.tipo,
      estado: t.estado,
      venceEl: t.venceEl,
      avisadaEl: t.avisadaEl,
    })
    .from(t)
    .where(inArray(t.estado, [STATE.RADICADA, STATE.PRORROGADA]))
    .orderBy(asc(t.venceEl));
  return rows.filter((r) => businessDaysBetween(today, r.venceEl) <= soonDays);
}
