// The dashboard's reads (worker/modules/reports, worker/modules/invoicing) through the typed client.
import { client, ok, type Reply, withSignal } from '@/lib/client';

const reports = client.reports;

export const getDashboard = (signal?: AbortSignal) =>
  ok(reports.dashboard.$get(undefined, withSignal(signal)));
export type Dashboard = Reply<typeof reports.dashboard.$get>['data'];

/** The administrator's first-run checklist: the catalogues with no active row yet. */
export const getChecklist = (signal?: AbortSignal) =>
  ok(reports.checklist.$get(undefined, withSignal(signal)));
export type ChecklistPending = Reply<typeof reports.checklist.$get>['data']['pendientes'];

/** The electronic-invoicing warnings the dashboard shows (Configuración → Tributario reads them too). */
export const getInvoicingWarnings = (signal?: AbortSignal) =>
  ok(client.configuracion.tributario.avisos.$get(undefined, withSignal(signal)));
