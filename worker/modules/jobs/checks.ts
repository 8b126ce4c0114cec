// Conditions the daily run checks and alerts on (docs/decisions/0350). Each check names its
// incidents under its own prefix; an incident no longer found is cleared. A module that adds a
// condition (rejected invoices, a numbering resolution running out) joins with one entry here.
import { eq } from 'drizzle-orm';
import { ciclosBonificacion } from '../../db/schema';
import { reconcileAlerts, type Incident } from '../../platform/ops/alerts';
import { bogotaWall } from '../../shared/bogota';
import { previousCycleKey } from '../../shared/cycles';
import { invoicingWarnings } from '../invoicing';
import type { JobPorts } from './registry';
import { privacyAlerts } from '../privacy-desk';
import { STATE } from '../../shared/workflow';

export type AlertCheck = { prefix: string; find(p: JobPorts, at: number): Promise<Incident[]> };

/** Day of the month (Bogotá) from which a closed month still unsettled is an incident. */
export const SETTLE_BY_DAY = 3;

export const ALERT_CHECKS: AlertCheck[] = [
  {
    prefix: 'liquidacion:',
    async find(p, at) {
      if (bogotaWall(at).getUTCDate() < SETTLE_BY_DAY) return [];
      const clave = previousCycleKey(at);
      const cycle = await p.db
        .select({ estado: ciclosBonificacion.estado, ultimoError: ciclosBonificacion.ultimoError })
        .from(ciclosBonificacion)
        .where(eq(ciclosBonificacion.clave, clave))
        .get();
      if (cycle?.estado === STATE.LIQUIDADO) return [];
      return [
        {
          clave: `liquidacion:${clave}`,
          titulo: `El mes ${clave} no está liquidado`,
          detalle: `Hoy es día ${SETTLE_BY_DAY} o posterior y el ciclo ${clave} está ${cycle ? cycle.estado : 'sin iniciar'}.${cycle?.ultimoError ? ` Último error: ${cycle.ultimoError}` : ''} Revise Liquidación de bonos.`,
        },
      ];
    },
  },
  {
    // Rights-desk requests past their due date; incidents past their SIC deadline (decision 0419).
    prefix: 'privacidad:',
    find: (p, at) => privacyAlerts(p.db, at),
  },
  {
    // Rejected invoices and credit notes, invoices waiting for a number, and a numbering
    // resolution about to run out or expire (decision 0431).
    prefix: 'facturacion:',
    async find(p, at) {
      const warnings = await invoicingWarnings(p.db, at, !!p.invoicing);
      return warnings
        .filter((w) => w.clave !== 'sin-proveedor')
        .map((w) => ({
          clave: `facturacion:${w.clave}`,
          titulo: w.clave.startsWith('resolucion')
            ? 'Resolución de numeración por agotarse'
            : 'Facturación electrónica',
          detalle: `${w.mensaje} Revise Configuración → Tributario.`,
        }));
    },
  },
];

export async function runAlertChecks(p: JobPorts, at: number) {
  let opened = 0;
  for (const check of ALERT_CHECKS) opened += await reconcileAlerts(p, check.prefix, await check.find(p, at));
  return { alertas_nuevas: opened };
}
