// A member's referral link, its referrals by level and its tree (docs/bonus-rules.md «Tree»).
import { eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { users } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { query } from '../../platform/validate';
import { P } from '../../shared/permissions';
import { int } from '../../shared/schemas/fields';
import { chipTone } from '../../shared/workflow';
import { subscriptionState } from './subscription-state';

export type Referral = {
  id: number;
  user_name: string;
  nivel: number;
  sponsor_id: number;
  created_at: number;
  estado_suscripcion: string | null;
};

/** Everyone down to level 3 under a member, with the level and subscription state. */
export function downlineQuery(db: Db, userId: number, now: number, maxLevel = 3) {
  return db.all<Referral>(sql`
    with recursive arbol(id, nivel) as (
      select id, 1 from ${users} where sponsor_id = ${userId}
      union all
      select u.id, a.nivel + 1 from ${users} u join arbol a on u.sponsor_id = a.id where a.nivel < ${maxLevel}
    )
    select u.id, u.user_name, a.nivel, u.sponsor_id, u.created_at, ${subscriptionState(sql`u.id`, now)} as estado_suscripcion
    from arbol a join ${users} u on u.id = a.id order by a.nivel, u.user_name`);
}

export async function downline(db: Db, userId: number, now: number, maxLevel = 3): Promise<Referral[]> {
  return downlineQuery(db, userId, now, maxLevel);
}

export type ReferralNode = Node;
type Node = {
  id: number;
  username: string;
  estado_suscripcion: string | null;
  color: string;
  nivel: number;
  total_referidos: number;
  referidos: Node[];
};

/** The tree as nested nodes (spec §3: username, estado_suscripcion, color, referidos). */
export function nest(rootId: number, rows: Referral[], counts: Map<number, number>): Node[] {
  const children = new Map<number, Referral[]>();
  for (const r of rows)
    (children.get(r.sponsor_id) ?? children.set(r.sponsor_id, []).get(r.sponsor_id)!).push(r);
  const build = (id: number): Node[] =>
    (children.get(id) ?? []).map((r) => ({
      id: r.id,
      username: r.user_name,
      estado_suscripcion: r.estado_suscripcion,
      color: chipTone(r.estado_suscripcion),
      nivel: r.nivel,
      total_referidos: counts.get(r.id) ?? 0,
      referidos: build(r.id),
    }));
  return build(rootId);
}

async function directCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.sponsorId, n: sql<number>`count(*)` })
    .from(users)
    .where(inArray(users.sponsorId, ids))
    .groupBy(users.sponsorId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

export const referralRoutes = new Hono<AppEnv>()
  .get('/link', requires(P.referidos), async (c) => {
    const me = await c.var.db
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, c.var.user.id))
      .get();
    return c.json({ data: { code: me!.code, link: `${c.var.config.appOrigin}/register/${me!.code}` } });
  })
  .get(
    '/',
    requires(P.referidos),
    query(
      v.object({
        nivel: v.optional(int('El nivel', 1, 3)),
        q: v.optional(v.pipe(v.string(), v.maxLength(60))),
      }),
    ),
    async (c) => {
      const { nivel, q } = c.req.valid('query');
      const all = await downline(c.var.db, c.var.user.id, c.var.clock.now());
      const porNivel = [1, 2, 3].map((n) => all.filter((r) => r.nivel === n).length);
      let rows = nivel ? all.filter((r) => r.nivel === nivel) : all;
      if (q) rows = rows.filter((r) => r.user_name.toLowerCase().includes(q.toLowerCase()));
      const sponsors = await c.var.db
        .select({ id: users.id, user_name: users.userName })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((r) => r.sponsor_id))].concat(0)));
      const names = new Map(sponsors.map((s) => [s.id, s.user_name]));
      return c.json({
        data: rows.map((r) => ({ ...r, patrocinador: names.get(r.sponsor_id) ?? null })),
        total: rows.length,
        por_nivel: porNivel,
      });
    },
  )
  // The tree from the caller (or one of its referrals, to expand a branch) down `depth` levels.
  .get(
    '/arbol',
    requires(P.referidos),
    query(
      v.object({
        root: v.optional(int('La raíz', 1, Number.MAX_SAFE_INTEGER)),
        depth: v.optional(int('La profundidad', 1, 3)),
      }),
    ),
    async (c) => {
      const { db, user, clock } = c.var;
      const { root, depth } = c.req.valid('query');
      const all = await downline(db, user.id, clock.now());
      const start = root && root !== user.id ? all.find((r) => r.id === root) : { id: user.id, nivel: 0 };
      if (!start) throw notFound();
      const maxLevel = Math.min(3, start.nivel + (depth ?? 3));
      const visible = all.filter((r) => r.nivel > start.nivel && r.nivel <= maxLevel);
      const counts = await directCounts(
        db,
        visible.map((r) => r.id),
      );
      const inBranch = new Set([start.id]);
      const branch = visible.filter((r) => (inBranch.has(r.sponsor_id) ? (inBranch.add(r.id), true) : false));
      return c.json({ data: nest(start.id, branch, counts), root: start.id });
    },
  );
