// The queues the status screen shows (docs/decisions/0350), declared once: each says how many
// items wait, which failed, and (if it can) how to retry one. A module with a queue of its own
// (the invoices sent to the provider) joins with one entry here; the screen draws any entry.
import { and, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { facturas, outbox, pasarelaTransacciones } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { Ports } from '../../platform/ports';
import { GATEWAY_RETRY_MINUTES } from '../gateway';
import { STATE } from '../../shared/workflow';

export type QueueItem = {
  id: number;
  titulo: string;
  detalle: string;
  error: string | null;
  intentos: number;
  at: string;
};
export type QueueView = { pendientes: number; fallidos: number; elementos: QueueItem[] };
export type QueueDef = {
  clave: string;
  nombre: string;
  /** Label of the retry button, when items can be retried from the screen. */
  reintento?: string;
  read(db: Db, now: number): Promise<QueueView>;
  /** Retries one failed item: true when it went through, false when it failed again. */
  retry?(ports: Ports, id: number): Promise<boolean | 'missing' | 'unavailable'>;
};

const SHOWN = 20;
const iso = (ms: number | null) => (ms == null ? '' : new Date(ms).toISOString());

export const STATUS_QUEUES: QueueDef[] = [
  {
    clave: 'correo',
    nombre: 'Correos salientes',
    reintento: 'Reenviar',
    async read(db) {
      const [pending, failed, items] = await db.batch([
        db.select({ n: count() }).from(outbox).where(eq(outbox.estado, STATE.PENDIENTE)),
        db.select({ n: count() }).from(outbox).where(eq(outbox.estado, 'FALLIDO')),
        db
          .select({
            id: outbox.id,
            to: outbox.to,
            subject: outbox.subject,
            error: outbox.ultimoError,
            intentos: outbox.intentos,
            at: outbox.ultimoIntentoAt,
            createdAt: outbox.createdAt,
          })
          .from(outbox)
          .where(eq(outbox.estado, 'FALLIDO'))
          .orderBy(desc(outbox.id))
          .limit(SHOWN),
      ]);
      return {
        pendientes: pending[0]?.n ?? 0,
        fallidos: failed[0]?.n ?? 0,
        elementos: items.map((m) => ({
          id: m.id,
          titulo: m.subject,
          detalle: `Para: ${m.to}`,
          error: m.error,
          intentos: m.intentos,
          at: iso(m.at ?? m.createdAt),
        })),
      };
    },
    async retry(ports, id) {
      if (!ports.mailer.deliver) return 'unavailable';
      const row = await ports.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.id, id), eq(outbox.estado, 'FALLIDO')))
        .get();
      if (!row) return 'missing';
      return ports.mailer.deliver(id);
    },
  },
  {
    clave: 'pasarela',
    nombre: 'Eventos de la pasarela de pagos',
    async read(db, now) {
      const stuck = and(
        inArray(pasarelaTransacciones.resultado, [STATE.PROCESANDO, STATE.ANULANDO]),
        lte(pasarelaTransacciones.reclamadoAt, now - GATEWAY_RETRY_MINUTES * 60_000),
      );
      const failed = and(
        inArray(pasarelaTransacciones.resultado, [STATE.VALOR_DISTINTO, STATE.SIN_COMPRA]),
        gte(pasarelaTransacciones.createdAt, now - 30 * 86_400_000),
      );
      const [pending, failedCount, items] = await db.batch([
        db.select({ n: count() }).from(pasarelaTransacciones).where(stuck),
        db.select({ n: count() }).from(pasarelaTransacciones).where(failed),
        db
          .select({
            id: pasarelaTransacciones.id,
            proveedor: pasarelaTransacciones.proveedor,
            transaccionId: pasarelaTransacciones.transaccionId,
            referencia: pasarelaTransacciones.referencia,
            resultado: pasarelaTransacciones.resultado,
            createdAt: pasarelaTransacciones.createdAt,
          })
          .from(pasarelaTransacciones)
          .where(sql`(${failed}) or (${stuck})`)
          .orderBy(desc(pasarelaTransacciones.id))
          .limit(SHOWN),
      ]);
      const reason: Record<string, string> = {
        VALOR_DISTINTO: 'El valor pagado no coincide con el de la compra',
        SIN_COMPRA: 'Ninguna compra tiene esa referencia',
        PROCESANDO: 'Quedó a medias; la tarea diaria lo termina',
        ANULANDO: 'Quedó a medias; la tarea diaria lo termina',
      };
      return {
        pendientes: pending[0]?.n ?? 0,
        fallidos: failedCount[0]?.n ?? 0,
        elementos: items.map((t) => ({
          id: t.id,
          titulo: `${t.proveedor} ${t.transaccionId}`,
          detalle: `Referencia ${t.referencia}`,
          error: reason[t.resultado] ?? t.resultado,
          intentos: 1,
          at: iso(t.createdAt),
        })),
      };
    },
  },
  {
    // The electronic invoices and credit notes on their way to the provider (decision 0431): those
    // waiting (PENDIENTE, sent by the daily job with back-off) and those the provider refused.
    clave: 'facturacion',
    nombre: 'Facturas electrónicas y notas crédito',
    async read(db) {
      const [pending, rejected, items] = await db.batch([
        db.select({ n: count() }).from(facturas).where(eq(facturas.estado, STATE.PENDIENTE)),
        db.select({ n: count() }).from(facturas).where(eq(facturas.estado, STATE.RECHAZADA)),
        db
          .select({
            id: facturas.id,
            tipo: facturas.tipo,
            prefijo: facturas.prefijo,
            numero: facturas.numero,
            compraId: facturas.compraId,
            error: facturas.ultimoError,
            intentos: facturas.intentos,
            updatedAt: facturas.updatedAt,
          })
          .from(facturas)
          .where(eq(facturas.estado, STATE.RECHAZADA))
          .orderBy(desc(facturas.id))
          .limit(SHOWN),
      ]);
      return {
        pendientes: pending[0]?.n ?? 0,
        fallidos: rejected[0]?.n ?? 0,
        elementos: items.map((f) => ({
          id: f.id,
          titulo: `${f.tipo === 'FACTURA' ? 'Factura' : 'Nota crédito'} ${f.prefijo ?? ''}${f.numero ?? '(sin número)'}`,
          detalle: `Compra ${f.compraId}; corríjala y reenvíela en Configuración → Tributario`,
          error: f.error,
          intentos: f.intentos,
          at: iso(f.updatedAt),
        })),
      };
    },
  },
];
