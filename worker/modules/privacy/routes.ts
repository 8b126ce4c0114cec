// Mounted at /api/v1/privacidad (docs/privacy.md, decisions 0400–0402). The rights desk, the
// export and the incidents live beside it in modules/privacy-desk.
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { consentLedger, dataAccessLog, privacyNotices, privacyPurposes, users } from '../../db/schema';
import { requires, signedIn } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { HttpError, invalid, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { json, params } from '../../platform/validate';
import { P } from '../../shared/permissions';
import {
  acceptNoticeSchema,
  adminConsentSchema,
  consentSchema,
  GATED_PURPOSES,
  MANDATORY_PURPOSE,
  MANDATORY_REVOKE,
  noticeSchema,
} from '../../shared/privacy';
import { id } from '../../shared/schemas/fields';
import { consentProofPdf } from './proof-pdf';
import { allNotices, appendConsent, consentOrigin, currentNotice, ledgerOf, pendingNotice } from './service';

/** A member's access record, newest first, as the API contract names its fields. */
async function accessesOf(db: Db, userId: number, staff = false) {
  const rows = await db
    .select()
    .from(dataAccessLog)
    .where(eq(dataAccessLog.userId, userId))
    .orderBy(desc(dataAccessLog.id))
    .limit(1000);
  return rows.map((r) => ({
    fecha: new Date(r.createdAt).toISOString(),
    area: r.area,
    dato: r.dato,
    rol: r.rol,
    // The desk also sees who and from where; the member sees the area (decision 0402).
    ...(staff ? { actor_id: r.actorId, ruta: r.ruta, ip: r.ip } : {}),
  }));
}

const memberParam = params(v.object({ id: id() }));

async function memberExists(db: Db, userId: number) {
  const u = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!u) throw notFound();
}

export const privacyRoutes = new Hono<AppEnv>()
  .get('/aviso', async (c) => {
    const n = await currentNotice(c.var.db);
    return c.json({ data: { version: n.version, texto: n.texto, finalidades: n.finalidades } });
  })
  .get('/autorizaciones', signedIn(), async (c) => c.json({ data: await ledgerOf(c.var.db, c.var.user.id) }))
  .post('/autorizaciones', signedIn(), json(consentSchema), async (c) => {
    const body = c.req.valid('json');
    const notice = await currentNotice(c.var.db);
    if (!body.otorgada && notice.finalidades.find((f) => f.codigo === body.finalidad)?.obligatoria)
      throw invalid({ finalidad: [MANDATORY_REVOKE] });
    await appendConsent(c, c.var.user.id, body, 'MI_CUENTA');
    return c.json(
      {
        data: await ledgerOf(c.var.db, c.var.user.id),
        message: body.otorgada
          ? 'Autorización registrada'
          : 'Autorización revocada: borramos los datos que cubría',
      },
      201,
    );
  })
  .get('/autorizaciones/pendiente', signedIn(), async (c) =>
    c.json({ data: await pendingNotice(c.var.db, c.var.user.id) }),
  )
  // Accepting a new notice version at sign-in: the mandatory purposes and the chosen ones are
  // granted against it, the sensitive ones left out are not touched (silence never grants).
  .post('/autorizaciones/aceptar', signedIn(), json(acceptNoticeSchema), async (c) => {
    const { db, user } = c.var;
    const body = c.req.valid('json');
    const notice = await currentNotice(db);
    if (body.version !== notice.version)
      throw new HttpError(409, 'El aviso de privacidad cambió mientras lo leías: vuelve a cargarlo');
    const codes = new Set([
      ...notice.finalidades.filter((f) => f.obligatoria).map((f) => f.codigo),
      ...body.autorizaciones,
    ]);
    const known = new Set(notice.finalidades.map((f) => f.codigo));
    if ([...codes].some((k) => !known.has(k))) throw invalid({ autorizaciones: ['Finalidad desconocida'] });
    const o = consentOrigin(c);
    await db.insert(consentLedger).values(
      [...codes].map((finalidad) => ({
        userId: user.id,
        finalidad,
        otorgada: true,
        version: notice.version,
        canal: 'MI_CUENTA',
        actorId: user.id,
        ip: o.ip,
        userAgent: o.userAgent,
        createdAt: o.at,
      })),
    );
    return c.json({ data: await pendingNotice(db, user.id), message: 'Aviso de privacidad aceptado' });
  })
  .get('/autorizaciones/comprobante', signedIn(), async (c) => {
    const { db, user, clock } = c.var;
    const u = await db
      .select({
        nombres: users.nombres,
        apellidos: users.apellidos,
        user_name: users.userName,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, user.id))
      .get();
    const pdf = await consentProofPdf(
      {
        nombre: `${u?.nombres ?? ''} ${u?.apellidos ?? ''}`.trim(),
        user_name: u?.user_name ?? '',
        email: u?.email ?? '',
      },
      await currentNotice(db),
      await ledgerOf(db, user.id),
      clock.now(),
    );
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="prueba-autorizacion.pdf"',
      'Cache-Control': 'private, no-store',
    });
  })
  .get('/accesos', signedIn(), async (c) => c.json({ data: await accessesOf(c.var.db, c.var.user.id) }))
  // The desk, per member: his ledger, consents recorded with their evidence, who consulted his data.
  .get('/miembros/:id/autorizaciones', requires(P.autorizacionesMiembros), memberParam, async (c) => {
    const { id: userId } = c.req.valid('param');
    await memberExists(c.var.db, userId);
    return c.json({ data: await ledgerOf(c.var.db, userId) });
  })
  .post(
    '/miembros/:id/autorizaciones',
    requires(P.autorizacionesMiembros),
    memberParam,
    json(adminConsentSchema),
    async (c) => {
      const { id: userId } = c.req.valid('param');
      await memberExists(c.var.db, userId);
      await appendConsent(c, userId, c.req.valid('json'), 'ADMINISTRADOR');
      return c.json({ data: await ledgerOf(c.var.db, userId), message: 'Autorización registrada' }, 201);
    },
  )
  .get('/miembros/:id/accesos', requires(P.autorizacionesMiembros), memberParam, async (c) => {
    const { id: userId } = c.req.valid('param');
    await memberExists(c.var.db, userId);
    return c.json({ data: await accessesOf(c.var.db, userId, true) });
  })
  // Configuración → Privacidad: the versions, and a new one (members accept it at next sign-in).
  .get('/configuracion', requires(P.configurarPrivacidad), async (c) =>
    c.json({ data: await allNotices(c.var.db) }),
  )
  .post('/configuracion', requires(P.configurarPrivacidad), json(noticeSchema), async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const codes = body.finalidades.map((f) => f.codigo);
    const errors: string[] = [];
    if (new Set(codes).size !== codes.length) errors.push('Hay finalidades con el mismo código');
    const mandatory = body.finalidades.find((f) => f.codigo === MANDATORY_PURPOSE);
    if (!mandatory?.obligatoria)
      errors.push(`La finalidad ${MANDATORY_PURPOSE} debe seguir y ser obligatoria`);
    for (const g of GATED_PURPOSES) {
      const f = body.finalidades.find((x) => x.codigo === g);
      if (!f || !f.sensible || f.obligatoria)
        errors.push(`La finalidad ${g} debe seguir, ser sensible y no obligatoria (responder es opcional)`);
    }
    if (body.finalidades.some((f) => f.sensible && f.obligatoria))
      errors.push('Una finalidad sensible no puede ser obligatoria');
    if (errors.length) throw invalid({ finalidades: errors });
    const current = await currentNotice(db);
    const now = clock.now();
    const [inserted] = await db
      .insert(privacyNotices)
      .values({ version: current.version + 1, texto: body.texto, publicadoPor: user.id, createdAt: now })
      .returning({ id: privacyNotices.id, version: privacyNotices.version });
    await db
      .insert(privacyPurposes)
      .values(body.finalidades.map((f, i) => ({ noticeId: inserted!.id, ...f, orden: i + 1 })));
    return c.json(
      { data: await allNotices(db), message: `Aviso versión ${inserted!.version} publicado` },
      201,
    );
  });
