// Electronic invoicing, the isomorphic part (docs/invoicing.md): VAT rates, the VAT inside a price,
// the numbering resolution's warnings and the Spanish messages. Server and screens read these.

/** VAT rates a product or subscription type may carry (Estatuto Tributario arts. 468, 468-1; decision 0432). */
export const IVA_RATES = [0, 5, 19] as const;
export type IvaRate = (typeof IVA_RATES)[number];
export const DEFAULT_IVA: IvaRate = 19;
export const IVA_OPTIONS = IVA_RATES.map((r) => ({ value: String(r), label: `${r} %` }));

/**
 * The base and VAT inside a price that includes VAT, in COP cents (decision 0433): the base is the
 * price divided by (1 + rate), rounded to the whole peso, half up (DIAN technical annex 1.9,
 * §5.1.1 «Aproximaciones aritméticas»: amounts in pesos, rounding to the nearest unit, with its
 * tolerance on the tax); the VAT is the rest, so base + VAT equals the price exactly.
 */
export function vatInside(totalCents: number, rate: number): { base: number; iva: number } {
  if (rate === 0) return { base: totalCents, iva: 0 };
  const base = Math.round(totalCents / (100 + rate)) * 100;
  return { base, iva: totalCents - base };
}

/** The SQL of the same rule (SQLite's round() is half away from zero, half up for positives). */
export const VAT_BASE_SQL = (total: string, rate: string) =>
  `(case when ${rate} = 0 then ${total} else cast(round(${total} * 1.0 / (100 + ${rate})) as integer) * 100 end)`;

/** Credit notes carry their own consecutive under this prefix (decision 0434). */
export const CREDIT_NOTE_PREFIX = 'NC';

/** A resolution warns on the dashboard at 90 % used or 30 days before it expires (decision 0431). */
export const RESOLUTION_WARN_USED = 0.9;
export const RESOLUTION_WARN_DAYS = 30;

export const DOC_TYPES = { FACTURA: 'FACTURA', NOTA_CREDITO: 'NOTA_CREDITO' } as const;

export const INVOICE_MSG = {
  noProvider:
    'Sin proveedor de facturación electrónica configurado (variables FACTUS_*): las facturas esperan en PENDIENTE',
  noResolution: 'Sin resolución de numeración vigente: la factura espera su número',
  rangeEnd: (numero: string, prefijo: string, hasta: number) =>
    `La resolución de numeración ${numero} (${prefijo}) llegó a su último número, ${hasta}. Registre una nueva resolución en Configuración → Tributario antes de confirmar pagos.`,
  expired: (numero: string, prefijo: string, hasta: string) =>
    `La resolución de numeración ${numero} (${prefijo}) venció el ${hasta}. Registre una nueva resolución en Configuración → Tributario antes de confirmar pagos.`,
  notYet: (numero: string, prefijo: string, desde: string) =>
    `La resolución de numeración ${numero} (${prefijo}) rige desde el ${desde}: aún no hay una vigente hoy. Registre una resolución vigente en Configuración → Tributario antes de confirmar pagos.`,
  rangeOrder: 'El número final debe ser mayor o igual al inicial',
  dateOrder: 'La fecha final de vigencia debe ser igual o posterior a la inicial',
  overlap: 'Ya existe una resolución con ese prefijo cuyo rango se cruza con este',
  duplicate: 'Ya existe una resolución con ese número y prefijo',
  noIssuer: 'Registre primero los datos del emisor en Configuración → Tributario',
  notFound: 'La compra no tiene factura',
  noPdf: 'La factura aún no tiene su PDF: se descarga cuando la DIAN la valida',
  resent: 'Documento enviado de nuevo al proveedor',
  notResendable: 'Solo se reenvía una factura o nota crédito PENDIENTE o RECHAZADA',
} as const;

/** Used share of a resolution and days left, for the warning. */
export function resolutionWarning(
  r: { numero: string; prefijo: string; desde: number; hasta: number; vigente_hasta: string; usados: number },
  today: string,
): string | null {
  const size = r.hasta - r.desde + 1;
  const days = Math.round(
    (Date.parse(`${r.vigente_hasta}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  const used = r.usados / size;
  if (used >= 1) return `La resolución ${r.numero} (${r.prefijo}) ya usó todos sus números`;
  if (days < 0) return `La resolución ${r.numero} (${r.prefijo}) venció el ${r.vigente_hasta}`;
  if (used >= RESOLUTION_WARN_USED)
    return `La resolución ${r.numero} (${r.prefijo}) lleva usado el ${Math.floor(used * 100)} % de su rango (${r.usados} de ${size})`;
  if (days <= RESOLUTION_WARN_DAYS)
    return `La resolución ${r.numero} (${r.prefijo}) vence el ${r.vigente_hasta} (en ${days} días)`;
  return null;
}
