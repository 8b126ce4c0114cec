// The monthly withholding report per payee (decision 0452): one row per member with a row in the
// month's settled cycle: document, person type, the month's income (bonos + ajustes), the rate,
// the withholding and the net; the accountant adds these up for the monthly return (formulario
// 350), and the year's reports add up to the certificates.
import { asc, eq, sql } from 'drizzle-orm';
import {
  cicloBonificacionUser,
  ciclosBonificacion,
  informacionPago,
  tiposidentificacion,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import { readPersonalField, type PersonalDataReader } from '../../platform/personal-data';
import { paged } from '../../platform/xlsx-stream';
import { MEMBER_OF_ROW_COLUMNS } from '../../platform/member-columns';

export const REPORT_HEADERS = [
  'Usuario',
  'Nombre',
  'Tipo de documento',
  'Documento',
  'Tipo de persona',
  'NIT',
  'Pagado o abonado (COP)',
  'Tarifa (%)',
  'Retención (COP)',
  'Neto (COP)',
  'Estado',
];

/** Documents as `reader` may see them (masked without «datos completos», decision 0343). */
export function reportPages(db: Db, clave: string, reader: PersonalDataReader) {
  const load = (offset: number, limit: number) =>
    db
      .select({
        ...MEMBER_OF_ROW_COLUMNS,
        tipo_documento: tiposidentificacion.codigo,
        documento: users.numeroIdentificacion,
        tipo_persona: informacionPago.tipoPersona,
        nit: informacionPago.nit,
        ingreso: sql<number>`${cicloBonificacionUser.bonos} + ${cicloBonificacionUser.ajustes}`,
        tasa: cicloBonificacionUser.retencionTasa,
        retencion: cicloBonificacionUser.retencion,
        neto: cicloBonificacionUser.neto,
        estado: cicloBonificacionUser.estado,
      })
      .from(cicloBonificacionUser)
      .innerJoin(ciclosBonificacion, eq(ciclosBonificacion.id, cicloBonificacionUser.cicloId))
      .innerJoin(users, eq(users.id, cicloBonificacionUser.userId))
      .leftJoin(tiposidentificacion, eq(tiposidentificacion.id, users.tipoIdentificacionId))
      .leftJoin(informacionPago, eq(informacionPago.userId, users.id))
      .where(sql`${ciclosBonificacion.clave} = ${clave} and ${ciclosBonificacion.estado} = 'LIQUIDADO'`)
      .orderBy(asc(users.userName), asc(users.id))
      .limit(limit)
      .offset(offset);
  return (async function* () {
    for await (const rows of paged(2_000, load))
      yield rows.map((r) => [
        r.user_name,
        `${r.nombres} ${r.apellidos}`.trim() || r.user_name,
        r.tipo_documento,
        readPersonalField(reader, 'numero_identificacion', r.documento, r.user_id),
        r.tipo_persona === 'JURIDICA' ? 'Jurídica' : 'Natural',
        r.nit,
        Number(r.ingreso) / 100,
        r.tasa / 100,
        r.retencion / 100,
        r.neto / 100,
        r.estado,
      ]);
  })();
}
