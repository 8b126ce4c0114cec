// Issue 24 (BONUS-RULES "Paying out", docs/decisions/0210): the settlement's minimum payout and
// carry-over, checked against amounts worked out by hand, and the manual payment that refuses
// what the payout rules hold back.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleCycle } from '../../worker/modules/bonuses/settlement';
import { cycleWindow } from '../../worker/shared/cycles';
import { MONEY_OUT_MESSAGES } from '../../worker/shared/money-out';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import {
  baseCatalogue,
  DAY,
  member,
  paid,
  resetIds,
  snapshot,
  subscribed,
  verifiedPayment,
} from '../setup/bonus-data';

const W = (k: string) => cycleWindow(k);
const KEYS = ['2026-11', '2026-12', '2027-01', '2027-02'];
const settle = (t: TestApp, clave: string) =>
  settleCycle(t.db, clave, { now: W(clave).end + DAY, origen: 'prueba' });

let n = 0;
/** ana ── beto ── carla ── dario, the first three subscribed from November to March. */
async function tree(t: TestApp) {
  await baseCatalogue(t.db);
  const s = String(n++);
  const ana = await member(t.db, `ana${s}`);
  const beto = await member(t.db, `beto${s}`, ana);
  const carla = await member(t.db, `carla${s}`, beto);
  const dario = await member(t.db, `dario${s}`, carla);
  for (const u of [ana, beto, carla]) await subscribed(t.db, u, W('2026-11').start - DAY, W('2027-03').end);
  // Payable by hand once the payout rules allow it (decision 0340).
  for (const u of [ana, beto, carla]) await verifiedPayment(t.db, u);
  return { ana, beto, carla, dario };
}

type Row = {
  id: number;
  clave: string;
  user_id: number;
  bonos: number;
  saldo_anterior: number;
  ajustes: number;
  total: number;
  lineas: number;
  estado: string;
  arrastrado_a: string | null;
};
const rows = (t: TestApp) =>
  t.db
    .all<Row>(sql`select b.id, c.clave, b.user_id, b.bonos, b.saldo_anterior, b.ajustes, b.total, b.lineas, b.estado,
    (select k.clave from ciclo_bonificacion_user a join ciclos_bonificacion k on k.id = a.ciclo_id where a.id = b.arrastrado_a) as arrastrado_a
    from ciclo_bonificacion_user b join ciclos_bonificacion c on c.id = b.ciclo_id order by c.clave, b.user_id`);
const of = (all: Row[], user: number) =>
  all
    .filter((r) => r.user_id === user)
    .map((r) => [r.clave, r.bonos, r.saldo_anterior, r.total, r.arrastrado_a]);

describe('minimum payout and carry-over', () => {
  it('carries a balance below the minimum into the next cycles as saldo anterior, once, even without lines', async () => {
    const t = await makeApp();
    const { ana, beto, carla, dario } = await tree(t);
    await paid(t.db, dario, 10_000_000, W('2026-11').start + 3 * DAY);
    await paid(t.db, dario, 15_000_000, W('2026-12').start + 3 * DAY);
    for (const k of KEYS.slice(0, 3)) expect((await settle(t, k)).estado).toBe('LIQUIDADO');
    const all = await rows(t);
    // $ 20.000 minimum: carla's 10.000 + 15.000 reach it in December (not carried again);
    // beto's 5.000 + 7.500 and ana's 2.000 + 3.000 do not, and go on into January with no lines.
    expect(of(all, carla)).toEqual([
      ['2026-11', 1_000_000, 0, 1_000_000, '2026-12'],
      ['2026-12', 1_500_000, 1_000_000, 2_500_000, null],
    ]);
    expect(of(all, beto)).toEqual([
      ['2026-11', 500_000, 0, 500_000, '2026-12'],
      ['2026-12', 750_000, 500_000, 1_250_000, '2027-01'],
      ['2027-01', 0, 1_250_000, 1_250_000, null],
    ]);
    expect(of(all, ana)).toEqual([
      ['2026-11', 200_000, 0, 200_000, '2026-12'],
      ['2026-12', 300_000, 200_000, 500_000, '2027-01'],
      ['2027-01', 0, 500_000, 500_000, null],
    ]);
    expect(all.find((r) => r.clave === '2027-01' && r.user_id === beto)!.lineas).toBe(0);
    // Nothing lost, nothing twice: the open rows hold exactly every line ever written.
    const lines = await t.db.get<{ s: number }>(
      sql`select sum(monto) as s from ciclo_bonificacion_user_referido`,
    );
    expect(all.filter((r) => r.arrastrado_a === null).reduce((a, r) => a + r.total, 0)).toBe(lines!.s);
    // Every cycle keeps the minimum it was claimed with, and its total is what its rows owe.
    const cycles = (await snapshot(t.db)).cycles as any[];
    expect(cycles.map((c) => [c.clave, c.minimo_pago, c.total, c.usuarios])).toEqual([
      ['2026-11', 2_000_000, 1_700_000, 3],
      ['2026-12', 2_000_000, 4_250_000, 3],
      ['2027-01', 2_000_000, 1_750_000, 2],
    ]);
  });

  it('fixes the minimum when the cycle is claimed, and never carries a row at or above it', async () => {
    const t = await makeApp();
    const { beto, carla, dario } = await tree(t);
    await t.db.run(sql`update parametros_bonificacion set minimo_pago = 600000 where id = 1`);
    await paid(t.db, dario, 10_000_000, W('2026-11').start + 3 * DAY);
    await settle(t, '2026-11');
    await t.db.run(sql`update parametros_bonificacion set minimo_pago = 300000 where id = 1`);
    await settle(t, '2026-12');
    const all = await rows(t);
    // November at $ 6.000: carla's 10.000 waits for its own payment; beto's 5.000 carries.
    expect(of(all, carla)).toEqual([['2026-11', 1_000_000, 0, 1_000_000, null]]);
    expect(of(all, beto)).toEqual([['2026-11', 500_000, 0, 500_000, null]]);
    // December claimed at $ 3.000: beto's 5.000 is now payable and stays; ana's 2.000 carries.
    const cycles = (await snapshot(t.db)).cycles as any[];
    expect(cycles.map((c) => c.minimo_pago)).toEqual([600_000, 300_000]);
    expect(all.filter((r) => r.clave === '2026-12').map((r) => [r.saldo_anterior, r.total])).toEqual([
      [200_000, 200_000],
    ]);
  });

  it('carries a negative balance from a refund into the next cycles until bonuses cover it, and never pays it', async () => {
    const t = await makeApp({ start: W('2027-03').start });
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const { ana, beto, carla, dario } = await tree(t);
    const compra = await paid(t.db, dario, 30_000_000, W('2026-11').start + 3 * DAY);
    await settle(t, '2026-11');
    const nov = (await rows(t)).find((r) => r.user_id === carla)!;
    const pay = (id: number) =>
      t.request('PUT', `/api/v1/bonos/ciclobonificacionuser/estado/${id}`, {
        cookie: admin,
        body: { estado: 'PAGADO', comentario: 'Transferencia' },
      });
    expect((await pay(nov.id)).status).toBe(200);
    await t.db.run(sql`update compras set estado = 'ANULADA' where id = ${compra}`);
    await settle(t, '2026-12');
    const dec = (await rows(t)).find((r) => r.user_id === carla && r.clave === '2026-12')!;
    const negative = await pay(dec.id);
    expect([negative.status, negative.json.message]).toEqual([422, MONEY_OUT_MESSAGES.negativo]);
    await settle(t, '2027-01');
    await paid(t.db, dario, 50_000_000, W('2027-02').start + 3 * DAY);
    await settle(t, '2027-02');
    const all = await rows(t);
    // The refund at each line's own rate and level.
    const refunds = await t.db.all(
      sql`select beneficiario_id, nivel, porcentaje, base, monto from ciclo_bonificacion_user_referido where motivo = 'REEMBOLSO' order by nivel`,
    );
    expect(refunds).toEqual([
      { beneficiario_id: carla, nivel: 1, porcentaje: 1000, base: -30_000_000, monto: -3_000_000 },
      { beneficiario_id: beto, nivel: 2, porcentaje: 500, base: -30_000_000, monto: -1_500_000 },
      { beneficiario_id: ana, nivel: 3, porcentaje: 200, base: -30_000_000, monto: -600_000 },
    ]);
    expect(of(all, carla)).toEqual([
      ['2026-11', 3_000_000, 0, 3_000_000, null],
      ['2026-12', -3_000_000, 0, -3_000_000, '2027-01'],
      ['2027-01', 0, -3_000_000, -3_000_000, '2027-02'],
      ['2027-02', 5_000_000, -3_000_000, 2_000_000, null],
    ]);
    // beto was never paid: his unpaid 15.000 and the 15.000 refund cancel out, nothing is left to carry.
    expect(of(all, beto)).toEqual([
      ['2026-11', 1_500_000, 0, 1_500_000, '2026-12'],
      ['2026-12', -1_500_000, 1_500_000, 0, null],
      ['2027-02', 2_500_000, 0, 2_500_000, null],
    ]);
    const byKey = (k: string) => all.find((r) => r.user_id === carla && r.clave === k)!;
    const carried = await pay(byKey('2026-12').id);
    expect([carried.status, carried.json.message]).toEqual([409, MONEY_OUT_MESSAGES.arrastrado]);
    expect((await pay(byKey('2027-02').id)).status).toBe(200);
    expect((await rows(t)).filter((r) => r.user_id === carla).map((r) => r.estado)).toEqual([
      'PAGADO',
      'NO_PAGADO',
      'NO_PAGADO',
      'PAGADO',
    ]);
  });

  it('refuses by hand, one row or many, what the payout rules hold back', async () => {
    const t = await makeApp({ start: W('2027-01').start });
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const { ana, beto, carla, dario } = await tree(t);
    await paid(t.db, dario, 30_000_000, W('2026-11').start + 3 * DAY);
    await settle(t, '2026-11');
    const all = await rows(t);
    const id = (u: number) => all.find((r) => r.user_id === u)!.id;
    await t.db.run(sql`update ciclo_bonificacion_user set lote_id = 77 where id = ${id(carla)}`);
    const one = (rowId: number) =>
      t.request('PUT', `/api/v1/bonos/ciclobonificacionuser/estado/${rowId}`, {
        cookie: admin,
        body: { estado: 'PAGADO' },
      });
    // The cycle's list says which rows are held and why, the rule the PUT applies below.
    const cicloId = (await t.db.get<{ id: number }>(sql`select id from ciclos_bonificacion`))!.id;
    const listed = async () =>
      (
        await t.request('GET', `/api/v1/bonos/ciclos/${cicloId}/usuarios`, {
          cookie: admin,
        })
      ).json.data
        .map((r: { user_id: number; bloqueo: string | null }) => [r.user_id, r.bloqueo])
        .sort((a: [number], b: [number]) => a[0] - b[0]);
    expect(await listed()).toEqual([
      [ana, 'bajoMinimo'],
      [beto, 'bajoMinimo'],
      [carla, 'enLote'],
    ]);
    const low = await one(id(beto));
    expect([low.status, low.json.message]).toEqual([422, MONEY_OUT_MESSAGES.bajoMinimo]);
    const batch = await one(id(carla));
    expect([batch.status, batch.json.message]).toEqual([409, MONEY_OUT_MESSAGES.enLote]);
    await t.db.run(sql`update ciclo_bonificacion_user set lote_id = null where id = ${id(carla)}`);
    const many = await t.request('PUT', '/api/v1/bonos/ciclobonificacionuser/estado', {
      cookie: admin,
      body: { ids: [id(ana), id(beto), id(carla)], estado: 'PAGADO', comentario: 'Lote' },
    });
    expect(many.json).toMatchObject({ actualizados: 1, fallidos: 2 });
    expect((await rows(t)).map((r) => [r.user_id, r.estado])).toEqual([
      [ana, 'NO_PAGADO'],
      [beto, 'NO_PAGADO'],
      [carla, 'PAGADO'],
    ]);
    expect((await listed()).find(([u]: [number]) => u === carla)).toEqual([carla, null]);
    const history = await t.db.all(
      sql`select entity_id from state_history where entity = 'ciclo_bonificacion_user' and to_state = 'PAGADO'`,
    );
    expect(history).toEqual([{ entity_id: id(carla) }]);
  });

  it('resumes a carrying run killed after a chunk and ends where an uninterrupted run ends', async () => {
    const build = async () => {
      resetIds();
      const t = await makeApp();
      const { dario } = await tree(t);
      await paid(t.db, dario, 10_000_000, W('2026-11').start + 3 * DAY);
      await paid(t.db, dario, 4_000_000, W('2026-12').start + 3 * DAY);
      await settle(t, '2026-11');
      return t;
    };
    const clean = await build();
    await settleCycle(clean.db, '2026-12', { now: W('2027-01').start, origen: 'prueba', chunk: 1001 });
    const broken = await build();
    let chunks = 0;
    await expect(
      settleCycle(broken.db, '2026-12', {
        now: W('2027-01').start,
        origen: 'prueba',
        chunk: 1001,
        afterChunk: () => {
          if (++chunks === 1) throw new Error('se cayó el proceso');
        },
      }),
    ).rejects.toThrow('se cayó');
    await settleCycle(broken.db, '2026-12', { now: W('2027-01').start, origen: 'prueba', chunk: 1001 });
    const done = await snapshot(broken.db);
    expect(done).toEqual(await snapshot(clean.db));
    expect((done.users as any[]).filter((u) => u.arrastrado_a === '2026-12')).toHaveLength(3);
  });
});
