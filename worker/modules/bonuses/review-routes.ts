// Money-out settings, manual adjustments and close with review, under
// /api/v1/bonos. Decisions 0220–0223.
import { Hono } from 'hono';
import * as v from 'valibot';
import { requires, requiresAny } from '../../platform/auth';
import type { AppEnv } from '../../platform/ports';
import { actorOf } from '../../platform/audit';
import { json, params, query } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import {
  adjustmentSchema,
  approveSchema,
  bonusSettingsSchema,
  comparisonQuerySchema,
  rejectSchema,
} from '../../shared/schemas/bonus-review';
import { id } from '../../shared/schemas/fields';
import {
  approveAdjustment,
  approveCycle,
  createAdjustment,
  cycleAdjustments,
  cycleComparison,
  cycleReview,
  readSettings,
  rejectAdjustment,
  saveSettings,
} from './review';

const idParam = params(v.object({ id: id() }));
const signedActor = (c: Parameters<typeof actorOf>[0]) => ({ ...actorOf(c), userId: c.var.user.id });

export const reviewRoutes = new Hono<AppEnv>()
  // ── settings (parametros_bonificacion) ──
  .get('/parametros', requiresAny(P.liquidacionBonos, P.parametrosBonos), async (c) =>
    c.json({ data: await readSettings(c.var.db) }),
  )
  .put('/parametros', requires(P.parametrosBonos), json(bonusSettingsSchema), async (c) =>
    c.json({ data: await saveSettings(c.var.db, c.req.valid('json'), actorOf(c)), message: MSG.updated }),
  )
  // ── manual adjustments (two-person rule) ──
  .get(
    '/ciclos/:id{[0-9]+}/ajustes',
    requiresAny(P.liquidacionBonos, P.ajustesBonos, P.aprobarAjustesBonos),
    idParam,
    async (c) => c.json({ data: await cycleAdjustments(c.var.db, c.req.valid('param').id, c.var.user.id) }),
  )
  .post(
    '/ciclos/:id{[0-9]+}/ajustes',
    requires(P.ajustesBonos),
    idParam,
    json(adjustmentSchema),
    async (c) => {
      const ajusteId = await createAdjustment(
        c.var.db,
        c.req.valid('param').id,
        c.req.valid('json'),
        signedActor(c),
      );
      return c.json(
        { data: { id: ajusteId }, message: 'Ajuste registrado: cuenta cuando otro administrador lo apruebe' },
        201,
      );
    },
  )
  .post(
    '/ajustes/:id{[0-9]+}/aprobar',
    requires(P.aprobarAjustesBonos),
    idParam,
    json(approveSchema),
    async (c) => {
      await approveAdjustment(c.var.db, c.req.valid('param').id, c.req.valid('json'), signedActor(c));
      return c.json({ message: 'Ajuste aprobado' });
    },
  )
  .post(
    '/ajustes/:id{[0-9]+}/rechazar',
    requires(P.aprobarAjustesBonos),
    idParam,
    json(rejectSchema),
    async (c) => {
      await rejectAdjustment(c.var.db, c.req.valid('param').id, c.req.valid('json'), signedActor(c));
      return c.json({ message: 'Ajuste rechazado' });
    },
  )
  // ── close with review ──
  .get(
    '/ciclos/:id{[0-9]+}/revision',
    requiresAny(P.liquidacionBonos, P.aprobarCierreBonos),
    idParam,
    async (c) => c.json({ data: await cycleReview(c.var.db, c.req.valid('param').id) }),
  )
  .post(
    '/ciclos/:id{[0-9]+}/aprobar',
    requires(P.aprobarCierreBonos),
    idParam,
    json(approveSchema),
    async (c) => {
      const cicloId = c.req.valid('param').id;
      await approveCycle(c.var.db, cicloId, c.req.valid('json').comentario, signedActor(c));
      return c.json({ data: await cycleReview(c.var.db, cicloId), message: 'Ciclo aprobado' });
    },
  )
  .get(
    '/ciclos/:id{[0-9]+}/comparacion',
    requires(P.liquidacionBonos),
    idParam,
    query(comparisonQuerySchema),
    async (c) =>
      c.json({ data: await cycleComparison(c.var.db, c.req.valid('param').id, c.req.valid('query').top) }),
  );
