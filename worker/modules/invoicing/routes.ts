// Invoicing routes (docs/invoicing.md): Configuración → Tributario at /api/v1/configuracion/tributario
// (issuer, resolutions, warnings, documents, the accountant's export) and a purchase's invoice at
// /api/v1/miscompras/compras/{id}/factura for its owner and the purchases staff.
import { Hono } from 'hono';
import * as v from 'valibot';
import { auditedExport, actorOf } from '../../platform/audit';
import { requires, requiresAny, signedIn } from '../../platform/auth';
import { afterResponse } from '../../platform/background';
import type { AppEnv } from '../../platform/ports';
import { readerOf, recordAccess } from '../../platform/personal-data';
import { json, params, query } from '../../platform/validate';
import { INVOICE_MSG } from '../../shared/invoicing';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { issuerSchema, periodSchema, resolutionSchema } from '../../shared/schemas/invoicing';
import {
  documentsWorkbook,
  invoiceReply,
  purchaseDocuments,
  resendDocument,
  serveDocumentPdf,
} from './documents';
import { numberWaiting } from './numbering';
import { SEND_NOW, sendDue } from './send';
import { createResolution, invoicingWarnings, listResolutions, readIssuer, saveIssuer } from './settings';
import { pendingDocuments } from './queue';

const settings = requires(P.tributario);
const staff = requires(P.facturas);
const idParam = params(v.object({ id: id() }));

export const taxSettingsRoutes = new Hono<AppEnv>()
  .get('/emisor', settings, async (c) => c.json({ data: await readIssuer(c.var.db) }))
  .put('/emisor', settings, json(issuerSchema), async (c) => {
    const data = await saveIssuer(c.var.db, c.req.valid('json'), actorOf(c));
    return c.json({ data, message: MSG.updated });
  })
  .get('/resoluciones', settings, async (c) =>
    c.json({ data: await listResolutions(c.var.db, c.var.clock.now()) }),
  )
  .post('/resoluciones', settings, json(resolutionSchema), async (c) => {
    const now = c.var.clock.now();
    const newId = await createResolution(c.var.db, c.req.valid('json'), actorOf(c, now));
    // Invoices that waited for a number take theirs now, in payment order.
    await numberWaiting(c.var.db, now);
    const data = (await listResolutions(c.var.db, now)).find((r) => r.id === newId);
    return c.json({ data, message: MSG.created }, 201);
  })
  .get('/avisos', requiresAny(P.tributario, P.facturas, P.dashboardAdmin), async (c) =>
    c.json({ data: await invoicingWarnings(c.var.db, c.var.clock.now(), !!c.var.invoicing) }),
  )
  .get('/documentos', staff, async (c) => c.json({ data: await pendingDocuments(c.var.db) }))
  .get('/documentos/excel', staff, query(periodSchema), async (c) => {
    const { desde, hasta } = c.req.valid('query');
    const { body, count } = await documentsWorkbook(c.var.db, readerOf(c), desde, hasta);
    return auditedExport(c, {
      entity: 'facturas',
      comentario: JSON.stringify({ desde, hasta, filas: count }),
      file: `facturas-${desde}-${hasta}`,
      body,
    });
  })
  .post('/documentos/:id{[0-9]+}/reenviar', staff, idParam, async (c) => {
    const now = c.var.clock.now();
    await resendDocument(c.var.db, c.req.valid('param').id, c.var.user.id, now);
    if (c.var.invoicing) afterResponse(c, () => sendDue(c.var, SEND_NOW));
    return c.json({ message: INVOICE_MSG.resent });
  });

export const purchaseInvoiceRoutes = new Hono<AppEnv>()
  .get('/', signedIn(), idParam, async (c) => {
    const { invoice, note, staff } = await purchaseDocuments(c, c.req.valid('param').id);
    return c.json({ data: invoiceReply(invoice, note, staff) });
  })
  // The buyer's document number is printed on the invoice: staff reading another member's leave an
  // access record (decision 0405).
  .get('/pdf', signedIn(), idParam, async (c) => {
    const { invoice, owner } = await purchaseDocuments(c, c.req.valid('param').id);
    recordAccess(c, owner, 'numero_identificacion');
    return serveDocumentPdf(c, invoice);
  })
  .get('/nota-credito/pdf', signedIn(), idParam, async (c) => {
    const { note, owner } = await purchaseDocuments(c, c.req.valid('param').id);
    recordAccess(c, owner, 'numero_identificacion');
    return serveDocumentPdf(c, note);
  });
