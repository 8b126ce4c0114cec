// /app/account: the user's own account, its open sessions and a download of its data.
import { auditedExport } from '../../platform/audit';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { compras, sessions, suscripciones, tipossuscripciones, users } from '../../db/schema';
import { signedIn } from '../../platform/auth';
import { sha256Hex } from '../../platform/bytes';
import type { Db } from '../../platform/db';
import { readPersonalField, type PersonalDataReader } from '../../platform/personal-data';
import type { AppEnv } from '../../platform/ports';
import { type Cell } from '../../platform/xlsx';
import { EXPORT_PAGE, onePage, paged, type StreamSheet } from '../../platform/xlsx-stream';
import { memberCycles } from '../bonuses';
import { beneficiariesOf, notificationsOf, paymentInfoOf, personalInfoOf } from '../profile';
import { bogotaDateTime } from '../../shared/bogota';
import { twoFactorRoutes } from './two-factor-routes';

const when = (ms: number | null | undefined) => (ms ? bogotaDateTime(ms) : null);
const pesos = (cents: number) => cents / 100;

async function openSessions(db: Db, userId: number, currentJti: string, now: number) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
  return Promise.all(
    rows.map(async (s) => ({
      id: (await sha256Hex(s.jti)).slice(0, 12),
      creada_at: s.createdAt,
      ultimo_uso_at: s.lastUsedAt,
      expira_at: s.expiresAt,
      dispositivo: s.userAgent,
      tipo: s.kind,
      actual: s.jti === currentJti,
    })),
  );
}

/**
 * Every record of the member, one sheet each, as a person reads them. The purchases, the one list
 * a member can grow without bound, are read in pages as the workbook streams out.
 */
async function ownWorkbook(db: Db, userId: number): Promise<StreamSheet[]> {
  // The member reads his own data: in full, through the one reader of masked fields.
  const self: PersonalDataReader = { permissions: new Set(), userId };
  async function* purchases(): AsyncGenerator<Cell[][]> {
    const load = (offset: number, limit: number) =>
      db
        .select()
        .from(compras)
        .where(eq(compras.userId, userId))
        .orderBy(desc(compras.createdAt), desc(compras.id))
        .limit(limit)
        .offset(offset);
    for await (const page of paged(EXPORT_PAGE, load))
      yield page.map((c) => [
        c.id,
        c.totalItems,
        pesos(c.total),
        c.estado,
        when(c.createdAt),
        when(c.pagadoAt),
      ]);
  }
  const [info, benef, pago, subs, bonos, notes] = await Promise.all([
    personalInfoOf(db, userId),
    beneficiariesOf(db, userId),
    paymentInfoOf(db, userId, self),
    db
      .select({ s: suscripciones, tipo: tipossuscripciones.nombre })
      .from(suscripciones)
      .innerJoin(tipossuscripciones, eq(tipossuscripciones.id, suscripciones.tipoSuscripcionId))
      .where(eq(suscripciones.userId, userId)),
    memberCycles(db, userId),
    notificationsOf(db, userId, 10_000),
  ]);
  return [
    {
      name: 'Información personal',
      headers: ['Campo', 'Valor'],
      pages: onePage(
        Object.entries(info)
          .filter(([k]) => k !== 'photo_url')
          .map(([k, v]) => [k, k === 'created_at' ? when(v as number) : (v as string)]),
      ),
    },
    {
      name: 'Beneficiarios',
      headers: ['Nombre', 'Identificación', 'Parentesco', 'Porcentaje'],
      pages: onePage(
        benef.map((b) => [
          b.nombre,
          readPersonalField(self, 'numero_identificacion', b.numero_identificacion, userId),
          b.parentesco,
          b.porcentaje / 100,
        ]),
      ),
    },
    {
      name: 'Información de pago',
      headers: ['Campo', 'Valor'],
      pages: onePage(pago ? Object.entries(pago).map(([k, v]) => [k, v as string]) : []),
    },
    {
      name: 'Compras',
      headers: ['Compra', 'Artículos', 'Total (COP)', 'Estado', 'Creada', 'Pagada'],
      pages: purchases(),
    },
    {
      name: 'Suscripciones',
      headers: ['Tipo', 'Estado', 'Inicio', 'Fin'],
      pages: onePage(subs.map((r) => [r.tipo, r.s.estado, when(r.s.fechaInicio), when(r.s.fechaFin)])),
    },
    {
      name: 'Bonos',
      headers: ['Ciclo', 'Total (COP)', 'Líneas', 'Estado', 'Pagado'],
      pages: onePage(bonos.data.map((b) => [b.clave, pesos(b.total), b.lineas, b.estado, when(b.pagado_at)])),
    },
    {
      name: 'Notificaciones',
      headers: ['Título', 'Mensaje', 'Fecha', 'Leída'],
      pages: onePage(notes.data.map((n) => [n.titulo, n.mensaje, when(n.created_at), when(n.leida_at)])),
    },
  ];
}

export const accountRoutes = new Hono<AppEnv>()
  .route('/2fa', twoFactorRoutes)
  .get('/', signedIn(), async (c) => {
    const u = await c.var.db
      .select({
        email: users.email,
        user_name: users.userName,
        nombres: users.nombres,
        apellidos: users.apellidos,
        created_at: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, c.var.user.id))
      .get();
    return c.json({
      data: { ...u, sesiones: await openSessions(c.var.db, c.var.user.id, c.var.jti, c.var.clock.now()) },
    });
  })
  .post('/cerrar-otras', signedIn(), async (c) => {
    const closed = await c.var.db
      .update(sessions)
      .set({ revokedAt: c.var.clock.now() })
      .where(and(eq(sessions.userId, c.var.user.id), isNull(sessions.revokedAt), ne(sessions.jti, c.var.jti)))
      .returning({ jti: sessions.jti });
    return c.json({
      cerradas: closed.length,
      message: closed.length ? `Se cerraron ${closed.length} sesiones` : 'No había otras sesiones abiertas',
    });
  })
  .get('/export', signedIn(), async (c) => {
    const now = c.var.clock.now();
    const sheets = await ownWorkbook(c.var.db, c.var.user.id);
    return auditedExport(c, {
      entity: 'mis_datos',
      entityId: c.var.user.id,
      file: 'mis-datos',
      body: sheets,
      at: now,
    });
  });
