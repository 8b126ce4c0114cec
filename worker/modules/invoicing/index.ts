// The invoicing module's door (docs/decisions/0047-module-doors.md, docs/invoicing.md).
import { createMiddleware } from 'hono/factory';
import { afterResponse } from '../../platform/background';
import type { AppEnv } from '../../platform/ports';
import { SEND_NOW, sendDue, takeDocumentsDue } from './send';

export { creditNoteStatement, invoiceStatement, numberingBlock, numberWaiting } from './numbering';
export { backoffMs, markDocumentsDue, SEND_NOW, sendDue, type SendPorts } from './send';
export { invoicingWarnings } from './settings';
export { purchaseInvoiceRoutes, taxSettingsRoutes } from './routes';

/**
 * After a write that paid or annulled a purchase (any path: the screen, the queue, the statement,
 * the gateway, the bulk action), its documents go to the provider once the answer has left, a few
 * at a time; the daily run takes what is left (decision 0435).
 */
export const sendAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === 'GET' || !takeDocumentsDue() || !c.var.invoicing) return;
  afterResponse(c, () => sendDue(c.var, SEND_NOW));
});
