// BONUS-RULES.md, checked against amounts worked out by hand.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleClosedCycles } from '../../worker/modules/bonuses/catch-up';
import { previewCycle, settleCycle } from '../../worker/modules/bonuses/settlement';
import { cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { makeApp, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid, resetIds, snapshot, subscribed } from '../setup/bonus-data';

const NOV = cycleWindow('2026-11');
const DEC = cycleWindow('2026-12');
const mid = NOV.start + 14 * DAY;

/**
 *   ana ── beto ── carla ── dario ── eva
 *   (ana, beto, carla subscribed through November's end; dario not)
 */
let n = 0;
const suffix = () => String(n++ % 1000);

async function tree(t: TestApp) {
  n = 0;
  await baseCatalogue(t.db);
  const ana = await member(t.db, `ana${suffix()}`);
  const beto = await member(t.db, `beto${suffix()}`, ana);
  const carla = await member(t.db, `carla${suffix()}`, beto);
  const dario = await member(t.db, `dario${suffix()}`, carla);
  const eva = await member(t.db, `eva${suffix()}`, dario);
  for (const u of [ana, beto, carla]) await subscribed(t.db, u, NOV.start - 10 * DAY, DEC.start + 20 * DAY);
  return { ana, beto, carla, dario, eva };
}

const linesOf = (s: Awaited<ReturnType<typeof snapshot>>, compra: number) =>
  (s.lines as any[])
    .filter((l) => l.compra_id === compra)
    .map((l) => [l.beneficiario_id, l.nivel, l.porcentaje, l.monto, l.motivo]);

describe('settlement', () => {
  it('pays 10 %, 5 % and 2 % up three levels of a purchase paid in the cycle, and stores the rate', async () => {
    const t = await makeApp();
    const { ana, beto, carla, dario } = await tree(t);
    const compra = await paid(t.db, dario, 12_345_600, mid); // $123.456,00
    const outside = await paid(t.db, dario, 5_000_000, DEC.start + DAY);
    const r = await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    expect(r.estado).toBe('LIQUIDADO');
    const s = await snapshot(t.db);
    expect(linesOf(s, compra)).toEqual([
      [ana, 3, 200, 246_912, null],
      [beto, 2, 500, 617_280, null],
      [carla, 1, 1000, 1_234_560, null],
    ]);
    expect(linesOf(s, outside)).toEqual([]);
    expect((s.users as any[]).map((u) => [u.user_id, u.total, u.estado])).toEqual([
      [ana, 246_912, 'NO_PAGADO'],
      [beto, 617_280, 'NO_PAGADO'],
      [carla, 1_234_560, 'NO_PAGADO'],
    ]);
    expect(s.cycles).toEqual([
      {
        clave: '2026-11',
        estado: 'LIQUIDADO',
        total: 2_098_752,
        lineas: 3,
        usuarios: 3,
        minimo_pago: 2_000_000,
      },
    ]);
  });

  it('keeps an unqualified beneficiary’s lines at zero with the reason, without passing the amount up', async () => {
    const t = await makeApp();
    const { beto, carla, dario, eva } = await tree(t);
    const compra = await paid(t.db, eva, 10_000_000, mid);
    await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    expect(linesOf(await snapshot(t.db), compra)).toEqual([
      [beto, 3, 200, 200_000, null],
      [carla, 2, 500, 500_000, null],
      [dario, 1, 1000, 0, 'SIN SUSCRIPCION ACTIVA'],
    ]);
  });

  it('turns a refund after settlement into negative lines in the next cycle, never editing settled ones', async () => {
    const t = await makeApp();
    const { beto, carla, dario } = await tree(t);
    const compra = await paid(t.db, dario, 10_000_000, mid);
    await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    const before = linesOf(await snapshot(t.db), compra);
    await t.db.run(sql`update compras set estado = 'ANULADA' where id = ${compra}`);
    await settleCycle(t.db, '2026-12', { now: cycleWindow('2027-01').start + DAY, origen: 'prueba' });
    const s = await snapshot(t.db);
    const dec = (s.lines as any[])
      .filter((l) => l.clave === '2026-12')
      .map((l) => [l.beneficiario_id, l.nivel, l.monto, l.motivo]);
    expect(dec).toEqual([
      [expect.any(Number), 3, -200_000, 'REEMBOLSO'],
      [beto, 2, -500_000, 'REEMBOLSO'],
      [carla, 1, -1_000_000, 'REEMBOLSO'],
    ]);
    expect(
      (s.lines as any[])
        .filter((l) => l.clave === '2026-11' && l.compra_id === compra)
        .map((l) => [l.beneficiario_id, l.nivel, l.porcentaje, l.monto, l.motivo]),
    ).toEqual(before);
    await settleCycle(t.db, '2027-01', { now: cycleWindow('2027-02').start + DAY, origen: 'prueba' });
    expect(((await snapshot(t.db)).lines as any[]).filter((l) => l.clave === '2027-01')).toEqual([]);
  });

  it('changes nothing when run twice, or twice at once', async () => {
    const t = await makeApp();
    const { dario, eva } = await tree(t);
    for (let i = 0; i < 6; i++) await paid(t.db, i % 2 ? dario : eva, 1_000_000 * (i + 1), mid + i * DAY);
    const opts = { now: DEC.start + DAY, origen: 'prueba', chunk: 2 };
    const [a, b] = await Promise.all([
      settleCycle(t.db, '2026-11', opts),
      settleCycle(t.db, '2026-11', opts),
    ]);
    expect([a.estado, b.estado].sort()).toEqual(['EN_CURSO', 'LIQUIDADO']);
    const once = await snapshot(t.db);
    const again = await settleCycle(t.db, '2026-11', opts);
    expect(again.estado).toBe('YA_LIQUIDADO');
    expect(await snapshot(t.db)).toEqual(once);
  });

  it('resumes a run that died half-way and ends where an uninterrupted run ends', async () => {
    const build = async () => {
      resetIds();
      const t = await makeApp();
      const { dario, eva, carla } = await tree(t);
      for (let i = 0; i < 9; i++)
        await paid(t.db, [carla, dario, eva][i % 3]!, 700_000 + i * 1111, mid + i * DAY);
      return t;
    };
    const clean = await build();
    await settleCycle(clean.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba', chunk: 1 });
    const broken = await build();
    let chunks = 0;
    await expect(
      settleCycle(broken.db, '2026-11', {
        now: DEC.start + DAY,
        origen: 'prueba',
        chunk: 1,
        afterChunk: () => {
          if (++chunks === 1002) throw new Error('se cayó el proceso');
        },
      }),
    ).rejects.toThrow('se cayó');
    const half = await snapshot(broken.db);
    expect((half.cycles as any[])[0].estado).toBe('EN_PROCESO');
    await settleCycle(broken.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba', chunk: 1 });
    expect(await snapshot(broken.db)).toEqual(await snapshot(clean.db));
  });

  it('uses the rate of its run: a later rate change leaves settled lines alone', async () => {
    const t = await makeApp();
    const { carla, dario } = await tree(t);
    await paid(t.db, dario, 1_000_000, mid);
    await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    await t.db.run(sql`update detalle_bonos set porcentaje = 2500 where nivel = 1`);
    const line = ((await snapshot(t.db)).lines as any[]).find((l) => l.beneficiario_id === carla);
    expect([line.porcentaje, line.monto]).toEqual([1000, 100_000]);
  });

  it('previews the same per-user totals without writing anything', async () => {
    const t = await makeApp();
    const { ana, beto, carla, dario, eva } = await tree(t);
    await paid(t.db, dario, 3_000_000, mid);
    await paid(t.db, eva, 2_000_000, mid);
    const preview = await previewCycle(t.db, '2026-11');
    expect((await snapshot(t.db)).cycles).toEqual([]);
    await settleCycle(t.db, '2026-11', { now: DEC.start + DAY, origen: 'prueba' });
    const settled = ((await snapshot(t.db)).users as any[]).map((u) => [u.user_id, u.total]);
    expect(preview.map((p) => [p.user_id, p.total]).sort((x, y) => x[0]! - y[0]!)).toEqual(settled);
    expect(settled.map((x) => x[0])).toEqual([ana, beto, carla, dario].filter((x) => x !== eva));
  });

  it('catches up every closed month still unsettled, taking the months from the scheduled time', async () => {
    const t = await makeApp();
    const { dario } = await tree(t);
    await paid(t.db, dario, 1_000_000, cycleWindow('2026-09').start + DAY);
    await paid(t.db, dario, 1_000_000, mid);
    const at = cycleWindow('2027-01').start; // the 1st of January, 00:00 Bogotá
    expect(previousCycleKey(at)).toBe('2026-12');
    const results = await settleClosedCycles(t.db, at, at + 1000, 'cron');
    expect(results.map((r) => r.clave)).toEqual(['2026-09', '2026-10', '2026-11', '2026-12']);
    expect(await settleClosedCycles(t.db, at, at + 2000, 'cron')).toEqual([]);
  });
});
