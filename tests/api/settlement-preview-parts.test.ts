// The dry run computes what the settlement books (decision 0460): after a paid purchase is annulled
// the next month's preview shows its REEMBOLSO lines and every carried saldo anterior, and its
// figures, member by member, are the cycle's once it is settled.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cycleWindow } from '../../worker/shared/cycles';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid, subscribed } from '../setup/bonus-data';

const NOV = cycleWindow('2026-11');
const DEC = cycleWindow('2026-12');
let t: TestApp;
let admin: string;
let ana: number;
let eva: number;
let compraBeto: number;

const settle = (clave: string) =>
  t.request('POST', '/api/v1/bonos/ciclos/liquidar', { cookie: admin, body: { clave } });
const preview = (clave: string) =>
  t.request('GET', `/api/v1/bonos/ciclos/preview/usuarios?clave=${clave}&page=1&perPage=10`, {
    cookie: admin,
  });

beforeAll(async () => {
  t = await makeApp({ start: DEC.end + 2 * DAY });
  admin = await t.login(ADMIN.email, ADMIN.password);
  await baseCatalogue(t.db);
  ana = await member(t.db, 'ana-preview');
  eva = await member(t.db, 'eva-preview');
  await subscribed(t.db, ana, NOV.start - 5 * DAY, DEC.end + 60 * DAY);
  await subscribed(t.db, eva, NOV.start - 5 * DAY, DEC.end + 60 * DAY);
  const beto = await member(t.db, 'beto-preview', ana);
  const fede = await member(t.db, 'fede-preview', eva);
  compraBeto = await paid(t.db, beto, 87_550_000, NOV.start + 3 * DAY); // Ana: 10 % = $ 87.550
  await paid(t.db, fede, 6_000_000, NOV.start + 4 * DAY); // Eva: $ 6.000, below the minimum: it carries
});

describe('settlement preview: REEMBOLSO lines and saldo anterior', () => {
  it('shows what December will book after November’s paid purchase is annulled', async () => {
    expect((await settle('2026-11')).json.data.estado).toBe('LIQUIDADO');
    await t.db.run(sql`update compras set estado = 'ANULADA' where id = ${compraBeto}`);

    const dry = await preview('2026-12');
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json).toMatchObject({
      total: 2,
      lineas: 1,
      suma: -8_755_000 + 600_000,
      bonos: 0,
      reembolsos: -8_755_000,
      saldo_anterior: 600_000,
    });
    const byUser = Object.fromEntries(dry.json.data.map((r: any) => [r.user_id, r]));
    expect(byUser[ana]).toMatchObject({
      bonos: 0,
      reembolsos: -8_755_000,
      saldo_anterior: 0,
      total: -8_755_000,
    });
    expect(byUser[eva]).toMatchObject({
      bonos: 0,
      reembolsos: 0,
      saldo_anterior: 600_000,
      total: 600_000,
      lineas: 0,
    });
    const sums = await t.request('GET', '/api/v1/bonos/ciclos/preview?clave=2026-12', { cookie: admin });
    expect(sums.json).toEqual({
      usuarios: 2,
      total: -8_155_000,
      lineas: 1,
      bonos: 0,
      reembolsos: -8_755_000,
      saldo_anterior: 600_000,
    });

    const run = await settle('2026-12');
    expect(run.json.data).toMatchObject({ estado: 'LIQUIDADO', usuarios: 2, lineas: 1, total: -8_155_000 });
    const rows = await t.db.all<{
      user_id: number;
      bonos: number;
      saldo_anterior: number;
      total: number;
      lineas: number;
    }>(
      sql`select r.user_id, r.bonos, r.saldo_anterior, r.total, r.lineas from ciclo_bonificacion_user r
        join ciclos_bonificacion c on c.id = r.ciclo_id where c.clave = '2026-12' order by r.user_id`,
    );
    // Booked = previewed, member by member (the REEMBOLSO lines are part of the row's bonos).
    expect(rows).toEqual(
      dry.json.data
        .map((r: any) => ({
          user_id: r.user_id,
          bonos: r.bonos + r.reembolsos,
          saldo_anterior: r.saldo_anterior,
          total: r.total,
          lineas: r.lineas,
        }))
        .sort((a: any, b: any) => a.user_id - b.user_id),
    );
  });
});
