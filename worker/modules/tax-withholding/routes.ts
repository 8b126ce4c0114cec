// Withholding settings, reports and bulk certificates (Configuración → Tributario → Retención en
// la fuente), the member's certificate, and the right of withdrawal (decisions 0445–0452).
import { Hono } from 'hono';
import * as v from 'valibot';
import { auditedExport, actorOf, auditedPdf } from '../../platform/audit';
import { requires } from '../../platform/auth';
import { readerOf } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { json, params, query } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { bool, id } from '../../shared/schemas/fields';
import { stateChangeSchema } from '../../shared/schemas/state';
import {
  monthQuery,
  uvtSchema,
  withdrawalSchema,
  withholdingSettingsSchema,
  yearParam,
} from '../../shared/schemas/tax-withholding';
import { CERT_MSG, RETRACTO_MSG } from '../../shared/withholding';
import { certificateData } from './certificate-data';
import { certificateFileName, certificatePdf } from './certificate-pdf';
import { certificateStep } from './certificate-run';
import { REPORT_HEADERS, reportPages } from './monthly-report';
import { readWithholdingSettings, saveUvt, saveWithholdingSettings } from './settings';
import { decideWithdrawal, requestWithdrawal, withdrawalOf, withdrawalQueue } from './withdrawal';
import { STATE } from '../../shared/workflow';

const idParam = params(v.object({ id: id() }));
const signed = (c: Parameters<typeof actorOf>[0]) => ({ ...actorOf(c), userId: c.var.user.id });
const runSchema = v.object({ de_nuevo: v.optional(bool(), false) });

/** Under /configuracion/tributario/retencion, own permission. */
export const withholdingSettingsRoutes = new Hono<AppEnv>()
  .get('/', requires(P.retencion), async (c) => c.json({ data: await readWithholdingSettings(c.var.db) }))
  .put('/', requires(P.retencion), json(withholdingSettingsSchema), async (c) =>
    c.json({
      data: await saveWithholdingSettings(c.var.db, c.req.valid('json'), signed(c)),
      message: MSG.updated,
    }),
  )
  .put('/uvt/:anio', requires(P.retencion), params(yearParam), json(uvtSchema), async (c) => {
    const { created } = await saveUvt(c.var.db, c.req.valid('param').anio, c.req.valid('json'), signed(c));
    return c.json(
      { data: await readWithholdingSettings(c.var.db), message: created ? MSG.created : MSG.updated },
      created ? 201 : 200,
    );
  })
  .get('/reporte', requires(P.retencion), query(monthQuery), async (c) => {
    const { mes } = c.req.valid('query');
    return auditedExport(c, {
      entity: 'retencion_mensual',
      comentario: mes,
      file: `retencion-en-la-fuente-${mes}`,
      body: [
        { name: `Retención ${mes}`, headers: REPORT_HEADERS, pages: reportPages(c.var.db, mes, readerOf(c)) },
      ],
    });
  })
  .post('/certificados/:anio', requires(P.retencion), params(yearParam), json(runSchema), async (c) => {
    const { db, blobs, mailer, config, clock } = c.var;
    const step = await certificateStep(
      { db, blobs, mailer, appOrigin: config.appOrigin },
      c.req.valid('param').anio,
      {
        actorId: c.var.user.id,
        now: clock.now(),
        again: c.req.valid('json').de_nuevo,
      },
    );
    return c.json({ data: step, message: step.done ? MSG.updated : CERT_MSG.started });
  });

/** Under /bonos/certificados: the caller's own certificate. */
export const certificateRoutes = new Hono<AppEnv>().get(
  '/:anio',
  requires(P.bonos),
  params(yearParam),
  async (c) => {
    const anio = c.req.valid('param').anio;
    const cert = await certificateData(c.var.db, c.var.user.id, anio);
    const now = c.var.clock.now();
    const pdf = await certificatePdf(cert, now);
    return auditedPdf(c, {
      entity: 'certificado_retenciones',
      entityId: c.var.user.id,
      comentario: `PDF ${anio} ${cert.miembro.user_name}`,
      at: now,
      file: certificateFileName(cert),
      pdf,
    });
  },
);

/** Under /miscompras/compras: the owner's withdrawal of a paid purchase. */
export const withdrawalRoutes = new Hono<AppEnv>()
  .get('/:id{[0-9]+}/retracto', requires(P.misCompras), idParam, async (c) =>
    c.json({
      data: await withdrawalOf(c.var.db, c.req.valid('param').id, c.var.user.id, c.var.clock.now()),
    }),
  )
  .post('/:id{[0-9]+}/retracto', requires(P.misCompras), idParam, json(withdrawalSchema), async (c) => {
    const data = await requestWithdrawal(
      c.var.db,
      c.req.valid('param').id,
      c.req.valid('json').motivo,
      signed(c),
    );
    return c.json({ data, message: RETRACTO_MSG.created }, 201);
  });

/** Under /administracion/retractos: the administrators' queue and decision. */
export const withdrawalAdminRoutes = new Hono<AppEnv>()
  .get('/', requires(P.retractos), async (c) => c.json(await withdrawalQueue(c.var.db, c.req.query())))
  .put('/estado/:id{[0-9]+}', requires(P.retractos), idParam, json(stateChangeSchema), async (c) => {
    const body = c.req.valid('json');
    const data = await decideWithdrawal(c.var.db, c.req.valid('param').id, body, signed(c));
    return c.json({
      data,
      message: body.estado === STATE.APROBADO ? RETRACTO_MSG.approved : RETRACTO_MSG.rejected,
    });
  });
