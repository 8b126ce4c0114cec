// The annual «Certificado de ingresos y retenciones {año}» (art. 381 E.T.; decision 0450): per
// month of the calendar year, the income credited to the member (the cycle's own new income,
// bonos + ajustes: a clawback lowers it) and the withholding taken, from the settled cycles'
// rows alone, so the certificate is the sum of the year's rows and of the monthly reports.
import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import {
  cicloBonificacionUser,
  ciclosBonificacion,
  informacionPago,
  parametrosRetencion,
  tiposidentificacion,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { MONTH_NAMES } from '../../shared/cycles';
import { CERT_MSG } from '../../shared/withholding';
import { STATE } from '../../shared/workflow';

export type CertificateMonth = { clave: string; mes: string; ingreso: number; retencion: number };

const yearRows = (db: Db, userId: number, anio: number) =>
  db
    .select({
      clave: ciclosBonificacion.clave,
      ingreso: sql<number>`${cicloBonificacionUser.bonos} + ${cicloBonificacionUser.ajustes}`,
      retencion: cicloBonificacionUser.retencion,
    })
    .from(cicloBonificacionUser)
    .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
    .where(
      and(
        eq(cicloBonificacionUser.userId, userId),
        like(ciclosBonificacion.clave, `${anio}-%`),
        eq(ciclosBonificacion.estado, STATE.LIQUIDADO),
      ),
    )
    .orderBy(asc(ciclosBonificacion.clave));

/** The certificate's figures; 404 with a Spanish message when the member has nothing in the year. */
export async function certificateData(db: Db, userId: number, anio: number) {
  const [member, agent, rows] = await db.batch([
    db
      .select({
        user_name: users.userName,
        nombres: users.nombres,
        apellidos: users.apellidos,
        email: users.email,
        tipo_documento: tiposidentificacion.codigo,
        documento: users.numeroIdentificacion,
        tipo_persona: informacionPago.tipoPersona,
        nit: informacionPago.nit,
      })
      .from(users)
      .leftJoin(tiposidentificacion, eq(tiposidentificacion.id, users.tipoIdentificacionId))
      .leftJoin(informacionPago, eq(informacionPago.userId, users.id))
      .where(eq(users.id, userId)),
    db.select().from(parametrosRetencion).where(eq(parametrosRetencion.id, 1)),
    yearRows(db, userId, anio),
  ]);
  const m = member[0];
  if (!m || !rows.length) throw notFound(CERT_MSG.none(anio));
  const meses: CertificateMonth[] = rows.map((r) => ({
    clave: r.clave,
    mes: MONTH_NAMES[Number(r.clave.slice(5, 7)) - 1]!,
    ingreso: Number(r.ingreso),
    retencion: r.retencion,
  }));
  const a = agent[0];
  const nombre = `${m.nombres} ${m.apellidos}`.trim() || m.user_name;
  return {
    anio,
    agente: {
      nit: a?.agenteNit ?? null,
      razon_social: a?.agenteRazonSocial ?? null,
      direccion: a?.agenteDireccion ?? null,
      ciudad: a?.agenteCiudad ?? null,
    },
    miembro: {
      id: userId,
      user_name: m.user_name,
      email: m.email,
      nombre,
      tipo_persona: m.tipo_persona ?? 'NATURAL',
      documento:
        m.tipo_persona === 'JURIDICA' && m.nit
          ? `NIT ${m.nit}`
          : m.documento
            ? `${m.tipo_documento ? `${m.tipo_documento} ` : ''}${m.documento}`
            : null,
    },
    meses,
    totales: {
      ingreso: meses.reduce((s, x) => s + x.ingreso, 0),
      retencion: meses.reduce((s, x) => s + x.retencion, 0),
    },
  };
}
export type Certificate = Awaited<ReturnType<typeof certificateData>>;

/** Members with a row in a settled cycle of the year, after `after`, in id order (the bulk run). */
export async function membersOfYear(db: Db, anio: number, after: number, limit: number) {
  const rows = await db
    .selectDistinct({ userId: cicloBonificacionUser.userId })
    .from(cicloBonificacionUser)
    .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
    .where(
      and(
        like(ciclosBonificacion.clave, `${anio}-%`),
        eq(ciclosBonificacion.estado, STATE.LIQUIDADO),
        gt(cicloBonificacionUser.userId, after),
      ),
    )
    .orderBy(asc(cicloBonificacionUser.userId))
    .limit(limit);
  return rows.map((r) => r.userId);
}
