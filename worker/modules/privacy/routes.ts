// The privacy notice and the consent ledger (docs/privacy.md «Aviso y autorizaciones», decisions
// 0400–0403), joined into the rights desk's router under /api/v1/privacidad (one mount per prefix,
// decision 0322). Public: the notice in force. Members: their ledger, grant / revoke, the PDF
// proof, the acceptance of a new version, who looked at their data. Staff (P.avisoPrivacidad):
// versions, publishing, and a decision recorded on a member's behalf with its evidence; the rights
// desk (P.solicitudesDatos): a member's access records.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { users } from '../../db/schema';
import { historyInsert, auditedPdf } from '../../platform/audit';
import { requires, signedIn } from '../../platform/auth';
import { invalid, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { json } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { MANDATORY_NOT_REVOCABLE, UNKNOWN_PURPOSE, type ConsentChannel } from '../../shared/privacy';
import { acceptSchema, adminConsentSchema, consentSchema, noticeSchema } from '../../shared/schemas/privacy';
import { accessesOf, deskAccessesOf } from './access';
import { acceptanceOf, ledgerRows, type LedgerRow } from './ledger';
import {
  changedPurposes,
  currentNotice,
  noticeVersion,
  noticeVersions,
  publishNotice,
  type Notice,
} from './notice';
import { consentProofPdf } from './proof-pdf';
import { appendEntries } from './revoke';
import { STATE } from '../../shared/workflow';

const staff = requires(P.avisoPrivacidad);
const publicNotice = (n: Notice) => ({ version: n.version, texto: n.texto, finalidades: n.finalidades });
const entryOut = (r: LedgerRow) => ({
  finalidad: r.finalidad,
  otorgada: r.otorgada,
  version: r.version,
  fecha: new Date(r.createdAt).toISOString(),
  canal: r.canal as ConsentChannel,
  evidencia: r.evidencia,
});

/** One decision on one purpose of the notice in force; a mandatory one is not revoked here. */
async function decide(
  c: Parameters<typeof appendEntries>[0],
  userId: number,
  b: { finalidad: string; otorgada: boolean },
  canal: ConsentChannel,
  evidencia?: string,
) {
  const notice = await currentNotice(c.var.db);
  const purpose = notice.finalidades.find((f) => f.codigo === b.finalidad);
  if (!purpose) throw invalid({ finalidad: [UNKNOWN_PURPOSE] });
  if (purpose.obligatoria && !b.otorgada && canal !== 'administrador')
    throw invalid({ finalidad: [MANDATORY_NOT_REVOCABLE] });
  await appendEntries(c, [
    { userId, finalidad: b.finalidad, otorgada: b.otorgada, version: notice.version, canal, evidencia },
  ]);
}

export const privacyRoutes = new Hono<AppEnv>()
  // Public: what the registration page shows (PUBLIC_ROUTES).
  .get('/aviso', async (c) => c.json({ data: publicNotice(await currentNotice(c.var.db)) }))
  .get('/autorizaciones', signedIn(), async (c) =>
    c.json({ data: (await ledgerRows(c.var.db, c.var.user.id)).map(entryOut) }),
  )
  .post('/autorizaciones', signedIn(), json(consentSchema), async (c) => {
    await decide(c, c.var.user.id, c.req.valid('json'), 'mi cuenta');
    return c.json(
      { data: (await ledgerRows(c.var.db, c.var.user.id)).map(entryOut), message: MSG.updated },
      201,
    );
  })
  // The proof of what he authorised, as a PDF (Ley 1581 art. 8.b).
  .get('/autorizaciones/pdf', signedIn(), async (c) => {
    const { db, clock, user } = c.var;
    const now = clock.now();
    const [rows, notice, member] = await Promise.all([
      ledgerRows(db, user.id),
      currentNotice(db),
      db
        .select({ userName: users.userName, nombres: users.nombres, apellidos: users.apellidos })
        .from(users)
        .where(eq(users.id, user.id))
        .get(),
    ]);
    const names = new Map(notice.finalidades.map((f) => [f.codigo, f.nombre]));
    const pdf = await consentProofPdf(
      {
        userName: member!.userName,
        nombre: [member!.nombres, member!.apellidos].filter(Boolean).join(' ') || member!.userName,
      },
      rows,
      names,
      now,
    );
    return auditedPdf(c, {
      entity: 'autorizaciones',
      entityId: user.id,
      comentario: 'Prueba de autorizaciones descargada por el titular',
      at: now,
      file: `autorizaciones-${member!.userName.replace(/[^A-Za-z0-9_.-]/g, '_')}`,
      pdf,
    });
  })
  // Whether the caller has to accept the notice in force, and what changed since he last did.
  .get('/pendiente', signedIn(), async (c) => {
    const { db, user } = c.var;
    const [notice, rows] = await Promise.all([currentNotice(db), ledgerRows(db, user.id)]);
    const { pending, accepted } = acceptanceOf(rows, notice);
    const before = accepted ? await noticeVersion(db, accepted) : null;
    return c.json({
      data: {
        pendiente: pending,
        version: notice.version,
        texto: notice.texto,
        aceptada: accepted,
        finalidades: pending ? changedPurposes(notice, before) : [],
      },
    });
  })
  // Accepts the version shown: its mandatory purposes, and the sensitive ones he ticked.
  .post('/aceptar', signedIn(), json(acceptSchema), async (c) => {
    const { db, user } = c.var;
    const b = c.req.valid('json');
    const notice = await currentNotice(db);
    if (b.version !== notice.version)
      throw invalid({ version: ['Se publicó una versión más reciente del aviso: recarga la página'] });
    const known = new Set(notice.finalidades.map((f) => f.codigo));
    if (b.autorizaciones.some((code) => !known.has(code)))
      throw invalid({ autorizaciones: [UNKNOWN_PURPOSE] });
    const codes = new Set([
      ...notice.finalidades.filter((f) => f.obligatoria).map((f) => f.codigo),
      ...b.autorizaciones,
    ]);
    await appendEntries(
      c,
      [...codes].map((finalidad) => ({
        userId: user.id,
        finalidad,
        otorgada: true,
        version: notice.version,
        canal: 'mi cuenta' as const,
      })),
    );
    return c.json({ data: { pendiente: false, version: notice.version }, message: MSG.updated }, 201);
  })

  // Configuración → Privacidad.
  .get('/admin/avisos', staff, async (c) => {
    const { db } = c.var;
    const [versions, vigente] = await Promise.all([noticeVersions(db), currentNotice(db)]);
    return c.json({ data: { vigente, versiones: versions } });
  })
  .post('/admin/avisos', staff, json(noticeSchema), async (c) => {
    const { db, clock, user } = c.var;
    const version = await publishNotice(db, c.req.valid('json'), user.id, clock.now());
    await historyInsert(db, {
      entity: 'aviso_privacidad',
      entityId: version,
      from: null,
      to: STATE.PUBLICADO,
      comentario: `Versión ${version} del aviso de privacidad publicada`,
      userId: user.id,
      at: clock.now(),
    });
    return c.json(
      { data: publicNotice(await currentNotice(db)), message: `Versión ${version} publicada` },
      201,
    );
  })
  // A decision the member made outside the platform (a signed form, an e-mail), with its evidence.
  .post('/admin/autorizaciones', staff, json(adminConsentSchema), async (c) => {
    const { db } = c.var;
    const b = c.req.valid('json');
    const member = await db.select({ id: users.id }).from(users).where(eq(users.id, b.user_id)).get();
    if (!member) throw notFound();
    await decide(c, b.user_id, b, 'administrador', b.evidencia);
    return c.json({ data: (await ledgerRows(db, b.user_id)).map(entryOut), message: MSG.updated }, 201);
  })
  .get('/admin/autorizaciones/:userId{[0-9]+}', staff, async (c) => {
    const userId = Number(c.req.param('userId'));
    return c.json({ data: (await ledgerRows(c.var.db, userId)).map(entryOut) });
  })

  // Who looked (decision 0405): the caller's access records, and a member's for the rights desk.
  .get('/accesos', signedIn(), async (c) => c.json({ data: await accessesOf(c.var.db, c.var.user.id) }))
  .get('/admin/accesos/:userId{[0-9]+}', requires(P.solicitudesDatos), async (c) =>
    c.json({ data: await deskAccessesOf(c.var.db, Number(c.req.param('userId'))) }),
  );
