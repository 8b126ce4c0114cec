// Configuración → Tributario, the invoicing part (decisions 0431, 0437): the issuer, the numbering
// resolutions (with how much of each is used) and the warnings the dashboard shows. Writes are
// audited (activity and revision rows in the write's batch).
import { desc, eq, sql } from 'drizzle-orm';
import { facturacionEmisor, facturas, resolucionesFacturacion } from '../../db/schema';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { runAudited, type Actor, type Audited } from '../../platform/audit';
import { bogotaDate } from '../../shared/bogota';
import { INVOICE_MSG, resolutionWarning } from '../../shared/invoicing';
import type { IssuerBody, ResolutionBody } from '../../shared/schemas/invoicing';
import { numberingBlock } from './numbering';

const ISSUER_AUDITED: Audited = { entity: 'facturacion_emisor', table: facturacionEmisor };
const RESOLUTION_AUDITED: Audited = { entity: 'resolucion_facturacion', table: resolucionesFacturacion };

const issuerOut = (r: typeof facturacionEmisor.$inferSelect) => ({
  nit: r.nit,
  dv: r.dv,
  razon_social: r.razonSocial,
  regimen: r.regimen,
  responsabilidades: r.responsabilidades,
  direccion: r.direccion,
  municipio_dane: r.municipioDane,
  email: r.email,
  telefono: r.telefono,
  updated_at: r.updatedAt,
});

export async function readIssuer(db: Db) {
  const row = await db.select().from(facturacionEmisor).where(eq(facturacionEmisor.id, 1)).get();
  return row ? issuerOut(row) : null;
}

export async function saveIssuer(db: Db, body: IssuerBody, actor: Actor) {
  const values = {
    nit: body.nit,
    dv: body.dv,
    razonSocial: body.razon_social,
    regimen: body.regimen,
    responsabilidades: body.responsabilidades,
    direccion: body.direccion,
    municipioDane: body.municipio_dane,
    email: body.email,
    telefono: body.telefono ?? null,
    updatedAt: actor.at,
    updatedBy: actor.userId,
  };
  await runAudited(db, {
    audited: ISSUER_AUDITED,
    id: 1,
    action: 'editar',
    actor,
    write: db
      .insert(facturacionEmisor)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: facturacionEmisor.id, set: values }),
  });
  return readIssuer(db);
}

type ResolutionRow = {
  id: number;
  numero: string;
  prefijo: string;
  desde: number;
  hasta: number;
  vigente_desde: string;
  vigente_hasta: string;
  proveedor_rango_id: number | null;
  usados: number;
  ultimo: number | null;
};

/** Every resolution, newest first, with the numbers used, the last one given and its warning. */
export async function listResolutions(db: Db, at: number) {
  const today = bogotaDate(at);
  const rows =
    await db.all<ResolutionRow>(sql`select r.id, r.numero, r.prefijo, r.desde, r.hasta, r.vigente_desde,
      r.vigente_hasta, r.proveedor_rango_id,
      (select count(*) from ${facturas} f where f.tipo = 'FACTURA' and f.resolucion_id = r.id) as usados,
      (select max(f.numero) from ${facturas} f where f.tipo = 'FACTURA' and f.resolucion_id = r.id) as ultimo
    from ${resolucionesFacturacion} r order by r.vigente_desde desc, r.id desc`);
  return rows.map((r) => ({
    ...r,
    vigente: r.vigente_desde <= today && r.vigente_hasta >= today && (r.ultimo ?? r.desde - 1) < r.hasta,
    aviso: r.vigente_desde <= today ? resolutionWarning(r, today) : null,
  }));
}

/** A new resolution: refused when its number repeats or its range crosses one of the same prefix. */
export async function createResolution(db: Db, body: ResolutionBody, actor: Actor) {
  const clash = await db.all<{ numero: string; desde: number; hasta: number }>(sql`select numero, desde, hasta
    from ${resolucionesFacturacion} where prefijo = ${body.prefijo}
      and (numero = ${body.numero} or (desde <= ${body.hasta} and hasta >= ${body.desde}))`);
  if (clash.some((c) => c.numero === body.numero)) throw conflict(INVOICE_MSG.duplicate);
  if (clash.length) throw conflict(INVOICE_MSG.overlap);
  const [inserted] = await runAudited<[{ id: number }[]]>(db, {
    audited: RESOLUTION_AUDITED,
    id: 'new',
    action: 'crear',
    actor,
    write: db
      .insert(resolucionesFacturacion)
      .values({
        numero: body.numero,
        prefijo: body.prefijo,
        desde: body.desde,
        hasta: body.hasta,
        vigenteDesde: body.vigente_desde,
        vigenteHasta: body.vigente_hasta,
        proveedorRangoId: body.proveedor_rango_id ?? null,
        createdAt: actor.at,
        createdBy: actor.userId,
      })
      .returning({ id: resolucionesFacturacion.id }),
  });
  return inserted[0]!.id;
}

export type InvoicingWarning = { clave: string; mensaje: string; tono: 'warning' | 'danger' };

/**
 * What the dashboard and the status checks warn about (decision 0431): no provider while documents
 * wait, rejected documents, invoices waiting for a number, and each resolution at 90 % used or 30
 * days from expiry. Two reads.
 */
export async function invoicingWarnings(
  db: Db,
  at: number,
  hasProvider: boolean,
): Promise<InvoicingWarning[]> {
  const out: InvoicingWarning[] = [];
  const counts = await db.get<{ pendientes: number; rechazadas: number; sin_numero: number }>(sql`select
      coalesce(sum(estado = 'PENDIENTE'), 0) as pendientes,
      coalesce(sum(estado = 'RECHAZADA'), 0) as rechazadas,
      coalesce(sum(tipo = 'FACTURA' and numero is null), 0) as sin_numero
    from ${facturas} where estado <> 'EMITIDA'`);
  const n = (k: number, one: string, many: string) => (k === 1 ? `1 ${one}` : `${k} ${many}`);
  if (!hasProvider && counts && counts.pendientes > 0)
    out.push({
      clave: 'sin-proveedor',
      tono: 'warning',
      mensaje: `${n(counts.pendientes, 'documento electrónico espera', 'documentos electrónicos esperan')} en PENDIENTE: no hay proveedor de facturación configurado (variables FACTUS_*).`,
    });
  if (counts && counts.rechazadas > 0)
    out.push({
      clave: 'rechazadas',
      tono: 'danger',
      mensaje: `${n(counts.rechazadas, 'documento electrónico rechazado', 'documentos electrónicos rechazados')} por el proveedor: corrija los datos y reenvíe desde Configuración → Tributario.`,
    });
  if (counts && counts.sin_numero > 0)
    out.push({
      clave: 'sin-numero',
      tono: 'danger',
      mensaje: `${n(counts.sin_numero, 'factura espera', 'facturas esperan')} número: no hay una resolución de numeración vigente con números disponibles.`,
    });
  const resolutions = await listResolutions(db, at);
  for (const r of resolutions)
    if (r.vigente && r.aviso) out.push({ clave: `resolucion-${r.id}`, tono: 'warning', mensaje: r.aviso });
  if (resolutions.length && !resolutions.some((r) => r.vigente)) {
    const block = await numberingBlock(db, at);
    if (block) out.push({ clave: 'resolucion-agotada', tono: 'danger', mensaje: block });
  }
  return out;
}

/** The latest resolution (for the screen's defaults). */
export const latestResolution = (db: Db) =>
  db.select().from(resolucionesFacturacion).orderBy(desc(resolucionesFacturacion.id)).limit(1).get();
