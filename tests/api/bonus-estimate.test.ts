// Mis bonos, the month in course: a member sees, per level, what his referrals' paid purchases give
// him so far, computed as the settlement will compute it (rates, three levels, per-line rounding,
// qualification), and the settlement then pays exactly that.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleCycle } from '../../worker/modules/bonuses/settlement';
import { cycleWindow } from '../../worker/shared/cycles';
import { P } from '../../worker/shared/permissions';
import { makeApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid, subscribed } from '../setup/bonus-data';

const NOV = cycleWindow('2026-11');
const DEC = cycleWindow('2026-12');

describe('the month in course (Mis bonos)', () => {
  it('estimates per level what the settlement then pays, and says when it would not be paid', async () => {
    const t = await makeApp({ start: NOV.start + 14 * DAY });
    await baseCatalogue(t.db);
    const me = await t.makeUser('estimada', [P.bonos]);
    const cookie = await me.session();
    const a = await member(t.db, 'est_a', me.id);
    const b = await member(t.db, 'est_b', a);
    const c = await member(t.db, 'est_c', b);
    const d = await member(t.db, 'est_d', c);
    const at = NOV.start + 10 * DAY;
    await paid(t.db, a, 10_000_000, at); // level 1, 10 %: 1.000.000
    await paid(t.db, a, 3_333, at); // 333,3 → 333 (each line rounds down, as settled)
    await paid(t.db, b, 20_000_000, at); // level 2, 5 %: 1.000.000
    await paid(t.db, c, 30_000_000, at); // level 3, 2 %: 600.000
    await paid(t.db, d, 40_000_000, at); // a fourth level gives nothing
    await paid(t.db, a, 50_000_000, NOV.start - DAY); // October's
    await paid(t.db, a, 60_000_000, at, 'ANULADA'); // annulled
    const get = (as = cookie) =>
      t.request('GET', '/api/v1/bonos/ciclobonificacionuser/estimado', { cookie: as });

    // Without an active subscription at the month's end it is computed, and would not be paid.
    const unqualified = await get();
    expect(unqualified.status, unqualified.text).toBe(200);
    expect(unqualified.json.data).toMatchObject({
      clave: '2026-11',
      cierre: DEC.start,
      bruto: 2_600_333,
      califica: false,
      total: 0,
    });
    expect(
      unqualified.json.data.niveles.map((l: any) => [l.nivel, l.porcentaje, l.compras, l.base, l.monto]),
    ).toEqual([
      [1, 1000, 2, 10_003_333, 1_000_333],
      [2, 500, 1, 20_000_000, 1_000_000],
      [3, 200, 1, 30_000_000, 600_000],
    ]);

    await subscribed(t.db, me.id, NOV.start - 10 * DAY, DEC.start + 20 * DAY);
    const estimate = (await get()).json.data;
    expect(estimate).toMatchObject({ califica: true, total: 2_600_333 });
    // The month closes: the settlement writes for him exactly the estimate.
    await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    const rows = await t.db.all<{ total: number }>(
      sql`select total from ciclo_bonificacion_user where user_id = ${me.id}`,
    );
    expect(rows.map((r) => r.total)).toEqual([estimate.total]);

    // Only for holders of the bonus permission.
    const other = await (await t.makeUser('sinbonos')).session();
    expect((await get(other)).status).toBe(403);
  });
});
