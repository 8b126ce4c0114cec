// Issue 6 through the API: a member's own cycles, the settlement screen, rates, referrals, sponsor.
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/db/schema';
import { cycleWindow } from '../../worker/shared/cycles';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, paid, subscribed, verifiedPayment } from '../setup/bonus-data';

const NOV = cycleWindow('2026-11');
const DEC = cycleWindow('2026-12');
let t: TestApp;
let admin: string;
const m: Record<string, { id: number; cookie: string; code: string }> = {};
const MEMBER = [P.bonos, P.referidos];

beforeAll(async () => {
  t = await makeApp({ start: DEC.start + 2 * DAY });
  admin = await t.login(ADMIN.email, ADMIN.password);
  await baseCatalogue(t.db);
  let sponsor: number | null = null;
  for (const name of ['raiz', 'nivel1', 'nivel2', 'nivel3', 'nivel4']) {
    const u = await t.makeUser(name, MEMBER);
    await t.db.update(users).set({ sponsorId: sponsor }).where(eq(users.id, u.id));
    m[name] = { id: u.id, cookie: await u.session(), code: u.referralCode };
    // Payable by hand (decision 0340): complete, verified payment information.
    await verifiedPayment(t.db, u.id);
    sponsor = u.id;
  }
  for (const name of ['raiz', 'nivel1'])
    await subscribed(t.db, m[name]!.id, NOV.start - 5 * DAY, DEC.start + 25 * DAY);
  await paid(t.db, m.nivel3!.id, 20_000_000, NOV.start + 3 * DAY);
  // No minimum payout here (issue 24's holds are tested in settlement-carry.test.ts): every row is payable.
  await t.db.run(sql`update parametros_bonificacion set minimo_pago = 0 where id = 1`);
});

describe('referrals', () => {
  it('gives a member its link and its referrals by level with their subscription state', async () => {
    const link = await t.request('GET', '/api/v1/general/referidos/link', { cookie: m.raiz!.cookie });
    expect(link.json.data).toEqual({
      code: m.raiz!.code,
      link: `https://app.example.co/register/${m.raiz!.code}`,
    });
    const all = await t.request('GET', '/api/v1/general/referidos', { cookie: m.raiz!.cookie });
    expect(all.json.data.map((r: any) => [r.user_name, r.nivel, r.estado_suscripcion])).toEqual([
      ['nivel1', 1, 'APROBADO'],
      ['nivel2', 2, null],
      ['nivel3', 3, null],
    ]);
    expect(all.json.por_nivel).toEqual([1, 1, 1]);
    expect(
      (await t.request('GET', '/api/v1/general/referidos?nivel=2', { cookie: m.raiz!.cookie })).json.data.map(
        (r: any) => r.user_name,
      ),
    ).toEqual(['nivel2']);
  });

  it('shows the tree as nested nodes, one level at a time when asked, and only below the caller', async () => {
    const tree = await t.request('GET', '/api/v1/general/referidos/arbol', { cookie: m.raiz!.cookie });
    expect(tree.json.data[0]).toMatchObject({
      username: 'nivel1',
      estado_suscripcion: 'APROBADO',
      color: 'success',
      referidos: [
        { username: 'nivel2', color: 'neutral', referidos: [{ username: 'nivel3', referidos: [] }] },
      ],
    });
    const one = await t.request('GET', `/api/v1/general/referidos/arbol?root=${m.nivel1!.id}&depth=1`, {
      cookie: m.raiz!.cookie,
    });
    expect(one.json.data.map((n: any) => [n.username, n.total_referidos, n.referidos.length])).toEqual([
      ['nivel2', 1, 0],
    ]);
    expect(
      (
        await t.request('GET', `/api/v1/general/referidos/arbol?root=${m.raiz!.id}`, {
          cookie: m.nivel2!.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request('GET', '/api/v1/general/referidos/arbol', { cookie: m.nivel4!.cookie })).json.data,
    ).toEqual([]);
  });

  it('lets an administrator change a sponsor, with history, but never into the member’s own branch', async () => {
    const loop = await t.request('PUT', `/api/v1/consultas/usuariosregistrados/${m.nivel1!.id}/sponsor`, {
      cookie: admin,
      body: { referral_code: m.nivel3!.code },
    });
    expect(loop.status).toBe(422);
    expect(loop.json.errors.referral_code).toEqual([
      'El patrocinador no puede ser el mismo usuario ni uno de sus referidos',
    ]);
    const ok = await t.request('PUT', `/api/v1/consultas/usuariosregistrados/${m.nivel4!.id}/sponsor`, {
      cookie: admin,
      body: { referral_code: m.raiz!.code, comentario: 'Solicitud del miembro' },
    });
    expect(ok.status, ok.text).toBe(200);
    const h = await t.request(
      'GET',
      `/api/v1/consultas/historicocambiodeestados?filters=${encodeURIComponent(JSON.stringify({ entity: 'patrocinador' }))}`,
      { cookie: admin },
    );
    expect(h.json.data[0]).toMatchObject({
      from_state: 'nivel3',
      to_state: 'raiz',
      comentario: 'Solicitud del miembro',
    });
    await t.request('PUT', `/api/v1/consultas/usuariosregistrados/${m.nivel4!.id}/sponsor`, {
      cookie: admin,
      body: { referral_code: m.nivel3!.code },
    });
  });
});

describe('settlement screen', () => {
  let cycleId: number;

  it('previews, refuses an open month, then settles a closed one', async () => {
    const preview = await t.request('GET', '/api/v1/bonos/ciclos/preview?clave=2026-11', { cookie: admin });
    expect(preview.json).toMatchObject({ usuarios: 3, total: 1_000_000 + 400_000 });
    expect((await t.request('GET', '/api/v1/bonos/ciclos', { cookie: admin })).json.data).toEqual([]);
    const open = await t.request('POST', '/api/v1/bonos/ciclos/liquidar', {
      cookie: admin,
      body: { clave: '2026-12' },
    });
    expect(open.status).toBe(422);
    expect(open.json.errors.clave).toEqual(['Solo se pueden liquidar meses cerrados']);
    // A key in another shape names the form; a missing one is required.
    for (const [clave, message] of [
      ['noviembre', 'El ciclo debe tener la forma AAAA-MM'],
      [202611, 'El ciclo debe tener la forma AAAA-MM'],
      [undefined, 'Este campo es requerido'],
    ] as const) {
      const bad = await t.request('POST', '/api/v1/bonos/ciclos/liquidar', {
        cookie: admin,
        body: { clave },
      });
      expect([bad.status, bad.json.errors?.clave]).toEqual([422, [message]]);
    }
    const run = await t.request('POST', '/api/v1/bonos/ciclos/liquidar', {
      cookie: admin,
      body: { clave: '2026-11' },
    });
    expect(run.json.data).toMatchObject({ estado: 'LIQUIDADO', total: 1_400_000, usuarios: 3 });
    const cycles = (await t.request('GET', '/api/v1/bonos/ciclos', { cookie: admin })).json.data;
    expect(cycles[0]).toMatchObject({
      clave: '2026-11',
      estado: 'LIQUIDADO',
      progreso: 100,
      pendiente: 1_400_000,
      pagado: 0,
    });
    cycleId = cycles[0].id;
    // The state history says who started the run, in words (not «2026-11 (manual (admin))»).
    const settled = await t.db.all<{ comentario: string }>(
      sql`select comentario from state_history where entity = 'ciclo_bonificacion' and entity_id = ${cycleId} and to_state = 'LIQUIDADO'`,
    );
    expect(settled.map((h) => h.comentario)).toEqual([
      expect.stringMatching(/^2026-11: liquidación iniciada por \S+$/),
    ]);
  });

  it('shows a member its own cycles with every line, and nobody else’s', async () => {
    const mine = await t.request('GET', '/api/v1/bonos/ciclobonificacionuser', { cookie: m.nivel2!.cookie });
    expect(mine.json.totales).toEqual({ pagado: 0, pendiente: 0 });
    const row = mine.json.data[0];
    const detail = await t.request('GET', `/api/v1/bonos/ciclobonificacionuser/${row.id}`, {
      cookie: m.nivel2!.cookie,
    });
    expect(detail.json.data.lineas_detalle).toEqual([
      {
        id: expect.any(Number),
        compra_id: expect.any(Number),
        referido: 'nivel3',
        nivel: 1,
        porcentaje: 1000,
        base: 20_000_000,
        monto: 0,
        motivo: 'SIN SUSCRIPCION ACTIVA',
      },
    ]);
    expect(
      (await t.request('GET', `/api/v1/bonos/ciclobonificacionuser/${row.id}`, { cookie: m.raiz!.cookie }))
        .status,
    ).toBe(404);
    const raiz = await t.request('GET', '/api/v1/bonos/ciclobonificacionuser', { cookie: m.raiz!.cookie });
    expect(raiz.json.data.map((r: any) => [r.clave, r.total, r.estado])).toEqual([
      ['2026-11', 400_000, 'NO_PAGADO'],
    ]);
  });

  it('pays one row or many with a comment, history and a notification', async () => {
    const rows = (
      await t.request(
        'GET',
        `/api/v1/bonos/ciclos/${cycleId}/usuarios?sorts=${encodeURIComponent(JSON.stringify({ user_name: 'asc' }))}`,
        { cookie: admin },
      )
    ).json.data;
    expect(rows.map((r: any) => [r.user_name, r.total])).toEqual([
      ['nivel1', 1_000_000],
      ['nivel2', 0],
      ['raiz', 400_000],
    ]);
    const one = await t.request('PUT', `/api/v1/bonos/ciclobonificacionuser/estado/${rows[2].id}`, {
      cookie: admin,
      body: { estado: 'PAGADO', comentario: 'Transferencia 123' },
    });
    expect(one.status).toBe(200);
    expect(
      (
        await t.request('PUT', `/api/v1/bonos/ciclobonificacionuser/estado/${rows[2].id}`, {
          cookie: admin,
          body: { estado: 'PAGADO' },
        })
      ).status,
    ).toBe(409);
    const many = await t.request('PUT', '/api/v1/bonos/ciclobonificacionuser/estado', {
      cookie: admin,
      body: { ids: [rows[0].id, rows[1].id], estado: 'PAGADO', comentario: 'Lote 1' },
    });
    expect(many.json).toMatchObject({ actualizados: 2, fallidos: 0 });
    expect(
      (await t.request('GET', '/api/v1/bonos/ciclobonificacionuser', { cookie: m.raiz!.cookie })).json
        .totales,
    ).toEqual({ pagado: 400_000, pendiente: 0 });
    expect(
      (await t.request('GET', '/api/v1/general/notificaciones', { cookie: m.raiz!.cookie })).json.data[0]
        .titulo,
    ).toBe('Pago de bonos');
    expect(
      (
        await t.request('PUT', `/api/v1/bonos/ciclobonificacionuser/estado/${rows[0].id}`, {
          cookie: m.raiz!.cookie,
          body: { estado: 'PAGADO' },
        })
      ).status,
    ).toBe(403);
  });

  it('exports the settlement for the transfers', async () => {
    const res = await t.fetch(`${ORIGIN}/api/v1/bonos/ciclos/${cycleId}/excel`, {
      headers: { Cookie: admin },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual([
      'Usuario',
      'Nombres',
      'Apellidos',
      'Identificación',
      'Total (COP)',
    ]);
    expect(sheet.rowCount).toBe(4);
    const audit = await t.db.all<{ comentario: string }>(
      sql`select comentario from state_history where entity = 'exportacion:liquidacion' and entity_id = ${cycleId}`,
    );
    expect(audit.map((h) => h.comentario)).toEqual(['2026-11 (3 filas)']);
  });

  it('edits the rate per level with history, and refuses a rate over 100 %', async () => {
    const rates = (await t.request('GET', '/api/v1/bonos/detallebonos', { cookie: admin })).json.data;
    expect(rates.map((r: any) => [r.nivel, r.porcentaje])).toEqual([
      [1, 1000],
      [2, 500],
      [3, 200],
    ]);
    expect(
      (
        await t.request('PUT', `/api/v1/bonos/detallebonos/${rates[0].id}`, {
          cookie: admin,
          body: { porcentaje: 10_001 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.request('PUT', `/api/v1/bonos/detallebonos/${rates[0].id}`, {
          cookie: admin,
          body: { porcentaje: 1200, descripcion: 'Campaña' },
        })
      ).status,
    ).toBe(200);
    const h = await t.request(
      'GET',
      `/api/v1/consultas/historicocambiodeestados?filters=${encodeURIComponent(JSON.stringify({ entity: 'detalle_bonos' }))}`,
      { cookie: admin },
    );
    expect(h.json.data[0]).toMatchObject({ from_state: '10.00 %', to_state: '12.00 %' });
  });

  it('fills the registered-user detail’s referrals and bonuses tabs', async () => {
    const ref = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${m.raiz!.id}/referidos`, {
      cookie: admin,
    });
    expect(ref.json.data.map((r: any) => r.user_name)).toEqual(['nivel1', 'nivel2', 'nivel3']);
    const bonos = await t.request('GET', `/api/v1/consultas/usuariosregistrados/${m.raiz!.id}/bonos`, {
      cookie: admin,
    });
    expect(bonos.json.data[0]).toMatchObject({ clave: '2026-11', total: 400_000, estado: 'PAGADO' });
  });
});
