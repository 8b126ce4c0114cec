// The rights desk's API, mounted under /api/v1/privacidad next to the privacy module's routes
// (docs/privacy.md). Members: file and follow their requests, download their data. The desk
// (P.solicitudesDatos): the grid by due date, extend / ask / answer, the member's data for a
// consulta, the steps of a suppression. Incidents (P.incidentesDatos).
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { privacidadSupresiones, users } from '../../db/schema';
import { recordExport } from '../../platform/audit';
import { requires, signedIn } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { recordAccess } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { bogotaDateOf } from '../../shared/business-days';
import { DATA_ONLY_FOR_CONSULTA } from '../../shared/privacy-desk';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import {
  incidentSchema,
  privacyCompleteSchema,
  privacyRequestSchema,
  privacyResolveSchema,
} from '../../shared/schemas/privacy-desk';
import { privacyRoutes } from '../privacy';
import { memberZip, zipResponse } from './export';
import { incidentDetail, listIncidents, markReported, recordIncident } from './incidents';
import {
  actOnRequest,
  completeRequest,
  deskRequests,
  findRequest,
  fileRequest,
  ownRequests,
} from './requests';
import { DEFAULT_STEP_BUDGET, runSuppression, startSuppression } from './suppression';
import { STATE } from '../../shared/workflow';

const idParam = params(v.object({ id: id() }));
const desk = requires(P.solicitudesDatos);
const incidents = requires(P.incidentesDatos);
const today = (c: { var: { clock: { now(): number } } }) => bogotaDateOf(c.var.clock.now());

async function suppressionOf(db: AppEnv['Variables']['db'], solicitudId: number) {
  const row = await db
    .select()
    .from(privacidadSupresiones)
    .where(eq(privacidadSupresiones.solicitudId, solicitudId))
    .get();
  return row
    ? {
        id: row.id,
        estado: row.estado,
        seudonimo: row.seudonimo,
        filas: row.filas,
        conservar_hasta: bogotaDateOf(row.conservarHasta),
      }
    : null;
}

export const privacyDeskRoutes = new Hono<AppEnv>()
  // The notice and the consent ledger (worker/modules/privacy): the same prefix, one mount.
  .route('/', privacyRoutes)
  // A member files a request from Centro de ayuda.
  .post('/solicitudes', signedIn(), json(privacyRequestSchema), async (c) => {
    const data = await fileRequest(c, c.req.valid('json'));
    return c.json({ data, message: `Solicitud radicada con el número ${data.radicado}` }, 201);
  })
  .get('/solicitudes', signedIn(), async (c) =>
    c.json({ data: await ownRequests(c.var.db, c.var.user.id, today(c)) }),
  )
  .get('/solicitudes/:id{[0-9]+}', signedIn(), idParam, async (c) =>
    c.json({ data: await findRequest(c.var.db, c.req.valid('param').id, today(c), c.var.user.id) }),
  )
  .post('/solicitudes/:id{[0-9]+}/completar', signedIn(), idParam, json(privacyCompleteSchema), async (c) => {
    const data = await completeRequest(c, c.req.valid('param').id, c.req.valid('json').descripcion);
    return c.json({ data, message: MSG.updated });
  })
  // Everything the platform holds about the caller, as a ZIP (decision 0416).
  .get('/mis-datos', signedIn(), async (c) => {
    const { db, blobs, user } = c.var;
    const at = await recordExport(c, {
      entity: 'mis-datos',
      entityId: user.id,
      comentario: 'Descarga de sus datos por el titular',
    });
    return zipResponse(memberZip(db, blobs, user.id, at), user.userName, at);
  })

  // The desk.
  .get('/admin/solicitudes', desk, async (c) => c.json(await deskRequests(c.var.db, c.req.query(), today(c))))
  .get('/admin/solicitudes/:id{[0-9]+}', desk, idParam, async (c) => {
    const reqId = c.req.valid('param').id;
    const data = await findRequest(c.var.db, reqId, today(c));
    return c.json({ data: { ...data, supresion: await suppressionOf(c.var.db, reqId) } });
  })
  .put('/admin/solicitudes/:id{[0-9]+}', desk, idParam, json(privacyResolveSchema), async (c) => {
    const { db, blobs, clock } = c.var;
    const reqId = c.req.valid('param').id;
    const done = await actOnRequest(c, reqId, c.req.valid('json'));
    if (done.tipo === 'SUPRESION' && done.estado === STATE.RESUELTA) {
      const supId = await startSuppression(db, blobs, clock.now(), reqId, done.userId);
      await runSuppression(db, supId, clock.now(), () => Date.now(), DEFAULT_STEP_BUDGET);
    }
    const data = await findRequest(db, reqId, today(c));
    return c.json({ data: { ...data, supresion: await suppressionOf(db, reqId) }, message: MSG.updated });
  })
  // Carries a suppression's scrub on for one more bounded invocation (the screen calls it until TERMINADA).
  .post('/admin/solicitudes/:id{[0-9]+}/supresion', desk, idParam, async (c) => {
    const { db, clock } = c.var;
    const reqId = c.req.valid('param').id;
    const sup = await suppressionOf(db, reqId);
    if (!sup) throw notFound();
    await runSuppression(db, sup.id, clock.now(), () => Date.now(), DEFAULT_STEP_BUDGET);
    return c.json({ data: await suppressionOf(db, reqId) });
  })
  // The member's data for the answer to a consulta: the same ZIP he downloads.
  .get('/admin/solicitudes/:id{[0-9]+}/datos', desk, idParam, async (c) => {
    const { db, blobs } = c.var;
    const row = await findRequest(db, c.req.valid('param').id, today(c));
    // Everything about the member answers a consulta, nothing else (least privilege, decision 0405).
    if (row.tipo !== 'CONSULTA') throw conflict(DATA_ONLY_FOR_CONSULTA);
    const member = await db
      .select({ userName: users.userName })
      .from(users)
      .where(eq(users.id, row.user_id!))
      .get();
    const at = await recordExport(c, {
      entity: 'mis-datos',
      entityId: row.user_id!,
      comentario: `Datos del titular para la solicitud ${row.radicado}`,
    });
    recordAccess(c, row.user_id!, 'todos');
    return zipResponse(memberZip(db, blobs, row.user_id!, at), member?.userName ?? 'titular', at);
  })

  // The incidents register.
  .get('/admin/incidentes', incidents, async (c) =>
    c.json({ data: await listIncidents(c.var.db, c.var.clock.now()) }),
  )
  .post('/admin/incidentes', incidents, json(incidentSchema), async (c) => {
    const data = await recordIncident(c.var.db, c.req.valid('json'), c.var.user.id, c.var.clock.now());
    return c.json({ data, message: MSG.created }, 201);
  })
  .get('/admin/incidentes/:id{[0-9]+}', incidents, idParam, async (c) =>
    c.json({ data: await incidentDetail(c.var.db, c.req.valid('param').id, c.var.clock.now()) }),
  )
  .put('/admin/incidentes/:id{[0-9]+}/reportado', incidents, idParam, async (c) =>
    c.json({
      data: await markReported(c.var.db, c.req.valid('param').id, c.var.clock.now()),
      message: MSG.updated,
    }),
  );
