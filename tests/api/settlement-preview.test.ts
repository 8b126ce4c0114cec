// Issue 12 through the API: the cycle preview comes a page at a time (grid contract) and the cycles
// list tells how far a settlement run got.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cycleWindow } from '../../worker/shared/cycles';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid, subscribed } from '../setup/bonus-data';

const NOV = cycleWindow('2026-11');
const DEC = cycleWindow('2026-12');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeApp({ start: DEC.start + 2 * DAY });
  admin = await t.login(ADMIN.email, ADMIN.password);
  await baseCatalogue(t.db);
  // 25 sponsors, each with one referral who paid (k + 1) × $10.000 in November; odd sponsors subscribed.
  for (let k = 0; k < 25; k++) {
    const sponsor = await member(t.db, `padrino${k}`);
    if (k % 2) await subscribed(t.db, sponsor, NOV.start - 5 * DAY, DEC.start + 25 * DAY);
    const referral = await member(t.db, `referido${k}`, sponsor);
    await paid(t.db, referral, (k + 1) * 1_000_000, NOV.start + 3 * DAY);
  }
});

const page = (q: string) =>
  t.request('GET', `/api/v1/bonos/ciclos/preview/usuarios?clave=2026-11&${q}`, { cookie: admin });

describe('cycle preview, paged', () => {
  it('answers {data, total} one page at a time, heaviest first, with the cycle’s sums', async () => {
    const first = await page('page=1&perPage=10');
    expect(first.status, first.text).toBe(200);
    expect(first.json.total).toBe(25);
    expect(first.json.data).toHaveLength(10);
    // Odd sponsors qualify: 10 % of (k + 1) × $10.000.
    const expected = Array.from({ length: 25 }, (_, k) => ({
      name: `padrino${k}`,
      total: k % 2 ? (k + 1) * 100_000 : 0,
    })).sort((a, b) => b.total - a.total);
    expect(first.json.data.map((r: any) => r.total)).toEqual(expected.slice(0, 10).map((e) => e.total));
    const sum = expected.reduce((a, e) => a + e.total, 0);
    expect(first.json).toMatchObject({ suma: sum, lineas: 25 });
    const third = await page('page=3&perPage=10');
    expect(third.json.data).toHaveLength(5);
    expect(third.json.total).toBe(25);
    const past = await page('page=9&perPage=10');
    expect(past.json).toEqual({
      data: [],
      total: 25,
      suma: sum,
      lineas: 25,
      bonos: sum,
      reembolsos: 0,
      saldo_anterior: 0,
    });
    // The summary: total is the amount there, with its parts (decision 0460).
    expect(
      (await t.request('GET', '/api/v1/bonos/ciclos/preview?clave=2026-11', { cookie: admin })).json,
    ).toEqual({ usuarios: 25, total: sum, lineas: 25, bonos: sum, reembolsos: 0, saldo_anterior: 0 });
  });

  it('refuses a bad page size or page with a Spanish message', async () => {
    const bad = await page('perPage=7');
    expect(bad.status).toBe(422);
    expect(bad.json.errors.perPage[0]).toMatch(/^El tamaño de página debe ser/);
    expect((await page('page=0')).status).toBe(422);
    expect(
      (await t.request('GET', '/api/v1/bonos/ciclos/preview/usuarios?clave=nov', { cookie: admin })).status,
    ).toBe(422);
  });
});

describe('cycles list while a run is under way', () => {
  it('shows members done of total, steps, the last error and whether a run holds the cycle', async () => {
    const run = await t.request('POST', '/api/v1/bonos/ciclos/liquidar', {
      cookie: admin,
      body: { clave: '2026-11' },
    });
    expect(run.json.data).toMatchObject({ estado: 'LIQUIDADO', segundoPlano: false });
    const members = Number((await t.db.get<{ n: number }>(sql`select count(*) as n from users`))!.n);
    let cycles = (await t.request('GET', '/api/v1/bonos/ciclos', { cookie: admin })).json.data;
    expect(cycles[0]).toMatchObject({
      clave: '2026-11',
      estado: 'LIQUIDADO',
      progreso: 100,
      miembros: members,
      miembros_hechos: members,
      pasos: 1,
      ultimo_error: null,
      en_curso: false,
    });
    // A run that stopped half-way on an error (as a failed Workflow step leaves it).
    await t.db
      .run(sql`insert into ciclos_bonificacion (clave, inicio, fin, iniciado_at, origen, hasta, miembros, miembros_hechos, pasos, ultimo_error, cursor)
      values ('2026-10', 0, 1, 0, 'cron', 100, 100, 40, 3, 'se perdió la conexión', 40)`);
    cycles = (await t.request('GET', '/api/v1/bonos/ciclos', { cookie: admin })).json.data;
    expect(cycles.find((c: any) => c.clave === '2026-10')).toMatchObject({
      estado: 'EN_PROCESO',
      progreso: 40,
      miembros: 100,
      miembros_hechos: 40,
      pasos: 3,
      ultimo_error: 'se perdió la conexión',
      en_curso: false,
    });
  });
});
