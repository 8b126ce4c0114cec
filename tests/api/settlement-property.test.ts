// Issue 24's property test (docs/decisions/0211): random referral trees, subscriptions and purchases
// over several cycles, with random rates, random minimum payouts, random annulments after a cycle
// closes and random payments of payable rows. After every run:
// - the settlement's lines and rows equal an independent model's (written here in plain TypeScript);
// - every member-cycle row: bonos = its lines, total = bonos + saldo anterior + ajustes, and the
//   saldo anterior is exactly the rows carried into it;
// - a refunded purchase's REEMBOLSO lines restore exactly what it paid, at each line's own rate
//   and level;
// - per member, paid rows + open rows (not carried) = every line ever written: carry-over never
//   loses or duplicates a peso.
// Seeded (no dependency): SETTLE_SEEDS=n runs more seeds, SETTLE_SEED=s one seed.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleCycle } from '../../worker/modules/bonuses/settlement';
import { cycleWindow } from '../../worker/shared/cycles';
import { payoutBlock } from '../../worker/shared/money-out';
import { makeApp, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid, subscribed } from '../setup/bonus-data';

/** mulberry32: a small seeded generator, so a failure names a seed that reproduces it. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

const KEYS = ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01'];
const MINIMOS = [0, 100_000, 1_000_000, 2_000_000, 5_000_000];

type Purchase = { id: number; user: number; total: number; pagadoAt: number; estado: string };
type Line = {
  k: number;
  b: number;
  p: number;
  nivel: number;
  base: number;
  pct: number;
  monto: number;
  motivo: string | null;
};
type Row = {
  k: number;
  user: number;
  bonos: number;
  saldo: number;
  total: number;
  lineas: number;
  estado: string;
  carriedTo: number | null;
};

async function run(seed: number) {
  const r = rng(seed);
  const t: TestApp = await makeApp({ start: cycleWindow('2027-03').start });
  await baseCatalogue(t.db);
  const nMembers = r.int(10, 28);
  const sponsor = new Map<number, number | null>();
  const members: number[] = [];
  for (let i = 0; i < nMembers; i++) {
    const s = i === 0 || r.chance(0.15) ? null : r.pick(members);
    const id = await member(t.db, `p${seed}x${i}`, s);
    sponsor.set(id, s);
    members.push(id);
  }
  const cycles = KEYS.slice(0, r.int(3, KEYS.length));
  const win = cycles.map(cycleWindow);
  const purchases: Purchase[] = [];
  const subs: { user: number; from: number; to: number }[] = [];
  for (const u of members)
    if (r.chance(0.7)) {
      const a = r.int(0, cycles.length - 1);
      const b = r.int(a, cycles.length - 1);
      const from = win[a]!.start - DAY;
      const to = win[b]!.end + (r.chance(0.5) ? DAY : -DAY);
      await subscribed(t.db, u, from, to);
      subs.push({ user: u, from, to });
      // subscribed() records the subscription's own purchase (total 0), paid at its start.
      const id = (await t.db.get<{ id: number }>(sql`select max(id) as id from compras`))!.id;
      purchases.push({ id, user: u, total: 0, pagadoAt: from, estado: 'PAGADO' });
    }
  const qualified = (u: number, end: number) => subs.some((s) => s.user === u && s.to >= end && s.from < end);

  const lines: Line[] = [];
  const rows: Row[] = [];
  const minimos: number[] = [];
  const annulledBeforeLast = new Set<number>();
  for (let k = 0; k < cycles.length; k++) {
    const { start, end } = win[k]!;
    // This cycle's purchases (some annulled before the cycle is settled: they never earn).
    for (let i = r.int(0, 14); i > 0; i--) {
      const total = r.int(1, 400) * 100_000 + r.int(0, 99_999);
      const at = start + r.int(0, end - start - 1);
      const estado = r.chance(0.1) ? 'ANULADA' : 'PAGADO';
      const user = r.pick(members);
      purchases.push({ id: await paid(t.db, user, total, at, estado), user, total, pagadoAt: at, estado });
    }
    const rates = { 1: r.int(0, 2000), 2: r.int(0, 1000), 3: r.int(0, 500) } as Record<number, number>;
    for (const nivel of [1, 2, 3])
      await t.db.run(sql`update detalle_bonos set porcentaje = ${rates[nivel]!} where nivel = ${nivel}`);
    // Sometimes exactly an open row's total, or one cent above it: the boundary of `carries`.
    const open = rows.filter((x) => x.estado === 'NO_PAGADO' && x.carriedTo == null && x.total > 0);
    const edge = open.length && r.chance(0.5) ? r.pick(open).total + r.int(0, 1) : null;
    const minimo = edge ?? r.pick(MINIMOS);
    minimos.push(minimo);
    await t.db.run(sql`update parametros_bonificacion set minimo_pago = ${minimo} where id = 1`);
    expect(
      (await settleCycle(t.db, cycles[k]!, { now: end + DAY, origen: 'prueba', chunk: r.int(1, 12) * 100 }))
        .estado,
    ).toBe('LIQUIDADO');

    // ── the model's settlement of cycle k ──
    const mine: Line[] = [];
    for (const p of purchases.filter(
      (x) => x.estado === 'PAGADO' && x.pagadoAt >= start && x.pagadoAt < end,
    )) {
      let b = sponsor.get(p.user) ?? null;
      for (let nivel = 1; nivel <= 3 && b != null; nivel++, b = sponsor.get(b) ?? null) {
        const ok = qualified(b, end);
        mine.push({
          k,
          b,
          p: p.id,
          nivel,
          base: p.total,
          pct: rates[nivel]!,
          monto: ok ? Math.trunc((p.total * rates[nivel]!) / 10000) : 0,
          motivo: ok ? null : 'SIN SUSCRIPCION ACTIVA',
        });
      }
    }
    for (const p of purchases.filter((x) => x.estado === 'ANULADA')) {
      const groups = new Map<string, Line[]>();
      for (const l of lines.filter((x) => x.p === p.id))
        groups.set(`${l.b}:${l.nivel}`, [...(groups.get(`${l.b}:${l.nivel}`) ?? []), l]);
      for (const g of groups.values()) {
        const sum = g.reduce((a, l) => a + l.monto, 0);
        if (sum > 0)
          mine.push({
            k,
            b: g[0]!.b,
            p: p.id,
            nivel: g[0]!.nivel,
            base: -Math.max(...g.map((l) => l.base)),
            pct: Math.max(...g.map((l) => l.pct)),
            monto: -sum,
            motivo: 'REEMBOLSO',
          });
      }
    }
    lines.push(...mine);
    for (const u of members) {
      const own = mine.filter((l) => l.b === u);
      const carried = rows.filter(
        (x) =>
          x.user === u &&
          x.estado === 'NO_PAGADO' &&
          x.carriedTo == null &&
          x.total < minimo &&
          x.total !== 0,
      );
      if (!own.length && !carried.length) continue;
      const bonos = own.reduce((a, l) => a + l.monto, 0);
      const saldo = carried.reduce((a, x) => a + x.total, 0);
      for (const x of carried) x.carriedTo = k;
      rows.push({
        k,
        user: u,
        bonos,
        saldo,
        total: bonos + saldo,
        lineas: own.length,
        estado: 'NO_PAGADO',
        carriedTo: null,
      });
    }

    // ── after the close: random payments of payable rows, random annulments of paid purchases ──
    for (const x of rows)
      if (
        x.estado === 'NO_PAGADO' &&
        payoutBlock(
          { estado: x.estado, total: x.total, arrastradoA: x.carriedTo, loteId: null },
          minimos[x.k]!,
        ) === null &&
        r.chance(0.5)
      ) {
        x.estado = 'PAGADO';
        await t.db.run(sql`update ciclo_bonificacion_user set estado = 'PAGADO', pagado_at = ${end + DAY}
          where user_id = ${x.user} and ciclo_id = (select id from ciclos_bonificacion where clave = ${cycles[x.k]!})`);
      }
    for (const p of purchases)
      if (p.estado === 'PAGADO' && p.total > 0 && p.pagadoAt < end && r.chance(0.15)) {
        p.estado = 'ANULADA';
        if (k < cycles.length - 1) annulledBeforeLast.add(p.id);
        await t.db.run(sql`update compras set estado = 'ANULADA' where id = ${p.id}`);
      }
  }
  return { t, cycles, lines, rows, annulledBeforeLast };
}

const seeds = process.env.SETTLE_SEED
  ? [Number(process.env.SETTLE_SEED)]
  : process.env.SETTLE_SEEDS
    ? Array.from({ length: Number(process.env.SETTLE_SEEDS) }, (_, i) => 2411 + i * 7919)
    : [26168, 49925, 57844];

describe('settlement properties over random trees, purchases, annulments and minimums', () => {
  it.each(seeds)(
    'seed %i',
    async (seed) => {
      const { t, cycles, lines, rows, annulledBeforeLast } = await run(seed);
      const dbLines = await t.db
        .all<any>(sql`select c.clave, l.beneficiario_id as b, l.compra_id as p, l.nivel, l.base, l.porcentaje as pct, l.monto, l.motivo
      from ciclo_bonificacion_user_referido l join ciclos_bonificacion c on c.id = l.ciclo_id order by c.clave, l.beneficiario_id, l.compra_id, l.nivel`);
      const dbRows = await t.db
        .all<any>(sql`select b.id, c.clave, b.user_id, b.bonos, b.saldo_anterior, b.ajustes, b.total, b.lineas, b.estado, b.arrastrado_a,
      (select k.clave from ciclo_bonificacion_user a join ciclos_bonificacion k on k.id = a.ciclo_id where a.id = b.arrastrado_a) as arrastrado_clave
      from ciclo_bonificacion_user b join ciclos_bonificacion c on c.id = b.ciclo_id order by c.clave, b.user_id`);

      // The independent model: the same lines and the same rows.
      const byKey = <T extends { k: number }>(xs: T[]) => xs.map((x) => ({ ...x, clave: cycles[x.k]! }));
      expect(dbLines).toEqual(
        byKey(lines)
          .sort((a, b) => a.clave.localeCompare(b.clave) || a.b - b.b || a.p - b.p || a.nivel - b.nivel)
          .map(({ clave, b, p, nivel, base, pct, monto, motivo }) => ({
            clave,
            b,
            p,
            nivel,
            base,
            pct,
            monto,
            motivo,
          })),
      );
      expect(
        dbRows.map((x) => [
          x.clave,
          x.user_id,
          x.bonos,
          x.saldo_anterior,
          x.total,
          x.lineas,
          x.estado,
          x.arrastrado_clave,
        ]),
      ).toEqual(
        byKey(rows)
          .sort((a, b) => a.clave.localeCompare(b.clave) || a.user - b.user)
          .map((x) => [
            x.clave,
            x.user,
            x.bonos,
            x.saldo,
            x.total,
            x.lineas,
            x.estado,
            x.carriedTo == null ? null : cycles[x.carriedTo]!,
          ]),
      );

      // Every row: lines (+ saldo anterior + ajustes) sum to the total; the saldo is what was carried in.
      for (const x of dbRows) {
        const own = dbLines.filter((l) => l.clave === x.clave && l.b === x.user_id);
        expect(x.bonos).toBe(own.reduce((a: number, l: any) => a + l.monto, 0));
        expect(x.lineas).toBe(own.length);
        expect(x.total).toBe(x.bonos + x.saldo_anterior + x.ajustes);
        const inn = dbRows.filter((o) => o.arrastrado_a === x.id);
        expect(x.saldo_anterior).toBe(inn.reduce((a: number, o: any) => a + o.total, 0));
        expect(inn.every((o) => o.clave < x.clave && o.estado === 'NO_PAGADO')).toBe(true);
      }

      // Clawbacks: a purchase annulled before the last settlement is reversed line by line, at the
      // line's own rate and level, to exactly nothing.
      for (const p of annulledBeforeLast) {
        const own = dbLines.filter((l) => l.p === p);
        for (const ref of own.filter((l) => l.motivo === 'REEMBOLSO')) {
          const orig = own.filter((l) => l.motivo !== 'REEMBOLSO' && l.b === ref.b && l.nivel === ref.nivel);
          expect(orig.length).toBe(1);
          expect([ref.pct, ref.base, ref.monto]).toEqual([orig[0].pct, -orig[0].base, -orig[0].monto]);
        }
        const per = new Map<string, number>();
        for (const l of own) per.set(`${l.b}:${l.nivel}`, (per.get(`${l.b}:${l.nivel}`) ?? 0) + l.monto);
        expect([...per.values()].every((s) => s === 0)).toBe(true);
      }

      // What this seed exercised (the default seeds cover carries, negatives, refunds and payments).
      const seen = {
        carried: dbRows.filter((x) => x.arrastrado_a != null).length,
        negative: dbRows.filter((x) => x.total < 0).length,
        refunds: dbLines.filter((l) => l.motivo === 'REEMBOLSO').length,
        paid: dbRows.filter((x) => x.estado === 'PAGADO').length,
        withoutLines: dbRows.filter((x) => x.lineas === 0).length,
      };
      if (process.env.SETTLE_SEEDS_LOG) console.log(seed, JSON.stringify(seen));
      if (!process.env.SETTLE_SEED && !process.env.SETTLE_SEEDS)
        expect(Object.values(seen).every((v) => v > 0)).toBe(true);

      // Never lost, never twice: per member, paid rows + open rows = every line ever written.
      for (const u of new Set(dbRows.map((x) => x.user_id))) {
        const mineRows = dbRows.filter((x) => x.user_id === u);
        const paidOrOpen = mineRows
          .filter((x) => x.estado === 'PAGADO' || x.arrastrado_a == null)
          .reduce((a: number, x: any) => a + x.total, 0);
        const all = dbLines.filter((l) => l.b === u).reduce((a: number, l: any) => a + l.monto, 0);
        expect(paidOrOpen).toBe(all);
      }
    },
    240_000,
  );
});
