// Issue 24, payout batches (docs/decisions/0200–0202): after a settled cycle the operator generates
// one batch per payment-method kind, downloads each file and the held report, marks a batch paid
// with the bank's reference or annuls it. Runs on node and workerd.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatePayouts, payoutStep } from '../../worker/modules/bonuses';
import { ROW_AUDITED } from '../../worker/modules/bonuses/review';
import { runAudited } from '../../worker/platform/audit';
import { HOLD, MONEY_OUT_MESSAGES } from '../../worker/shared/money-out';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
let cicloId: number;
const metodo: Record<string, number> = {};
let banco: number;
let cripto: number;
let tipoDoc: number;
const u: Record<string, number> = {};
let memberCookie: string;

const START = Date.UTC(2026, 10, 20, 15);

async function cycle(clave: string, estado = 'LIQUIDADO') {
  const row = await t.db.get<{
    id: number;
  }>(sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen)
    values (${clave}, 0, 1, ${estado}, ${START}, 'prueba') returning id`);
  return row.id;
}

async function row(ciclo: number, userId: number, total: number, extra: { arrastradoA?: number } = {}) {
  await t.db
    .run(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, neto, lineas, estado, created_at, arrastrado_a)
    values (${ciclo}, ${userId}, ${total}, ${total}, ${total}, 1, 'NO_PAGADO', ${START}, ${extra.arrastradoA ?? null})`);
}

type Pay =
  | { kind: 'CUENTA_BANCARIA'; numero?: string | null }
  | { kind: 'BILLETERA' }
  | { kind: 'CRIPTOMONEDA' }
  | null;

async function member(name: string, pay: Pay, validacion: string | null) {
  const user = await t.makeUser(name, name === 'banco1' ? [P.bonos] : []);
  await t.db.run(
    sql`update users set nombres = ${name.toUpperCase()}, apellidos = 'Pérez', tipo_identificacion_id = ${tipoDoc}, numero_identificacion = ${`10${user.id}`} where id = ${user.id}`,
  );
  if (pay?.kind === 'CUENTA_BANCARIA')
    await t.db
      .run(sql`insert into informacion_pago (user_id, metodo_pago_id, banco_id, tipo_cuenta, numero_cuenta, titular, created_at, updated_at)
      values (${user.id}, ${metodo.CUENTA_BANCARIA}, ${banco}, 'AH', ${pay.numero === undefined ? `4455${user.id}` : pay.numero}, ${`Titular ${name}`}, 0, 0)`);
  if (pay?.kind === 'BILLETERA')
    await t.db
      .run(sql`insert into informacion_pago (user_id, metodo_pago_id, tipo_billetera, numero_cuenta, titular, created_at, updated_at)
      values (${user.id}, ${metodo.BILLETERA}, 'WALLET', '3001234567', ${`Titular ${name}`}, 0, 0)`);
  if (pay?.kind === 'CRIPTOMONEDA')
    await t.db
      .run(sql`insert into informacion_pago (user_id, metodo_pago_id, criptomoneda_id, direccion_billetera, created_at, updated_at)
      values (${user.id}, ${metodo.CRIPTOMONEDA}, ${cripto}, 'TXYZabc123', 0, 0)`);
  if (validacion)
    await t.db.run(
      sql`insert into validaciones_identidad (user_id, estado, created_at, updated_at) values (${user.id}, ${validacion}, 0, 0)`,
    );
  u[name] = user.id;
  return user;
}

async function workbook(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

const lotes = async (id = cicloId) =>
  (await t.request('GET', `/api/v1/bonos/ciclos/${id}/pagos`, { cookie: admin })).json;

beforeAll(async () => {
  t = await makeApp({ start: START });
  admin = await t.login(ADMIN.email, ADMIN.password);
  for (const [nombre, tipo] of [
    ['Cuenta bancaria', 'CUENTA_BANCARIA'],
    ['Billetera', 'BILLETERA'],
    ['Criptomoneda', 'CRIPTOMONEDA'],
  ]) {
    await t.db.run(
      sql`insert into metodos_pago (nombre, tipo, created_at, updated_at) values (${nombre}, ${tipo}, 0, 0) on conflict do nothing`,
    );
    metodo[tipo!] = (
      await t.db.get<{ id: number }>(sql`select id from metodos_pago where tipo = ${tipo}`)
    ).id;
  }
  banco = (
    await t.db.get<{ id: number }>(
      sql`insert into bancos (codigo, nombre, created_at, updated_at) values ('T507', 'Banco de Prueba', 0, 0) returning id`,
    )
  ).id;
  cripto = (
    await t.db.get<{ id: number }>(
      sql`insert into mp_criptomonedas (codigo, nombre, red, created_at, updated_at) values ('TSTC', 'Moneda de prueba', 'TRC20', 0, 0) returning id`,
    )
  ).id;
  tipoDoc = (
    await t.db.get<{ id: number }>(
      sql`insert into tipos_identificacion (codigo, nombre, created_at, updated_at) values ('CCX', 'Cédula de prueba', 0, 0) returning id`,
    )
  ).id;
  cicloId = await cycle('2026-09');
  const later = await cycle('2026-10', 'EN_PROCESO');
  memberCookie = await (await member('banco1', { kind: 'CUENTA_BANCARIA' }, 'APROBADO')).session();
  await member('banco2', { kind: 'CUENTA_BANCARIA' }, 'APROBADO');
  await member('billetera1', { kind: 'BILLETERA' }, 'APROBADO');
  await member('cripto1', { kind: 'CRIPTOMONEDA' }, 'APROBADO');
  await member('sinverificar', { kind: 'CUENTA_BANCARIA' }, 'PENDIENTE');
  await member('sininfo', null, 'APROBADO');
  await member('incompleto', { kind: 'CUENTA_BANCARIA', numero: null }, 'APROBADO');
  await member('bajo', { kind: 'CUENTA_BANCARIA' }, 'APROBADO');
  await member('negativo', { kind: 'CUENTA_BANCARIA' }, 'APROBADO');
  await member('arrastrado', { kind: 'CUENTA_BANCARIA' }, 'APROBADO');
  await row(cicloId, u.banco1!, 5_000_000);
  await row(cicloId, u.banco2!, 2_000_000); // exactly the minimum ($ 20.000): payable
  await row(cicloId, u.billetera1!, 3_000_000);
  await row(cicloId, u.cripto1!, 2_500_000);
  await row(cicloId, u.sinverificar!, 4_000_000);
  await row(cicloId, u.sininfo!, 6_000_000);
  await row(cicloId, u.incompleto!, 2_200_000);
  await row(cicloId, u.bajo!, 1_999_999);
  await row(cicloId, u.negativo!, -500_000);
  await row(later, u.arrastrado!, 0);
  const carriedTo = (
    await t.db.get<{ id: number }>(sql`select id from ciclo_bonificacion_user where ciclo_id = ${later}`)
  ).id;
  await row(cicloId, u.arrastrado!, 7_000_000, { arrastradoA: carriedTo });
});

describe('payout batches', () => {
  it('refuses a cycle not settled yet (409) and an unknown one (404)', async () => {
    const open = await cycle('2026-08', 'EN_PROCESO');
    const res = await t.request('POST', `/api/v1/bonos/ciclos/${open}/pagos`, { cookie: admin, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(MONEY_OUT_MESSAGES.cicloSinLiquidar);
    expect((await lotes(open)).bloqueo).toBe(MONEY_OUT_MESSAGES.cicloSinLiquidar);
    expect(
      (await t.request('POST', '/api/v1/bonos/ciclos/9999/pagos', { cookie: admin, body: {} })).status,
    ).toBe(404);
  });

  it('refuses an unapproved cycle while close with review is on, then generates once approved', async () => {
    await t.db.run(sql`update parametros_bonificacion set aprobacion_cierre = 1 where id = 1`);
    const refused = await t.request('POST', `/api/v1/bonos/ciclos/${cicloId}/pagos`, {
      cookie: admin,
      body: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MONEY_OUT_MESSAGES.cicloSinAprobar);
    expect((await lotes()).bloqueo).toBe(MONEY_OUT_MESSAGES.cicloSinAprobar);
    await t.db.run(
      sql`update ciclos_bonificacion set aprobado_por = 1, aprobado_at = ${START} where id = ${cicloId}`,
    );
    const res = await t.request('POST', `/api/v1/bonos/ciclos/${cicloId}/pagos`, { cookie: admin, body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json.terminado).toBe(true);
    expect(res.json.data.map((l: any) => [l.metodo, l.estado, l.miembros, l.total])).toEqual([
      ['BILLETERA', 'GENERADO', 1, 3_000_000],
      ['CRIPTOMONEDA', 'GENERADO', 1, 2_500_000],
      ['CUENTA_BANCARIA', 'GENERADO', 2, 7_000_000],
    ]);
    // The history reads the method by name and the count agrees with its number («1 miembro»).
    const history = await t.db.all<{ comentario: string }>(
      sql`select comentario from state_history where entity = 'lotes_pago' and to_state = 'GENERADO' order by comentario`,
    );
    expect(history.map((h) => h.comentario.replace(/^\S+ /, ''))).toEqual([
      'Billetera: 1 miembro',
      'Criptomoneda: 1 miembro',
      'Transferencia bancaria: 2 miembros',
    ]);
    await t.db.run(sql`update parametros_bonificacion set aprobacion_cierre = 0 where id = 1`);
  });

  it('lists the members held back with the reason; carried rows and paid ones are not held', async () => {
    const body = await lotes();
    expect(body.bloqueo).toBeNull();
    expect(body.retenidos).toEqual([
      { motivo: HOLD.sinVerificar, miembros: 1, total: 4_000_000 },
      { motivo: HOLD.bajoMinimo, miembros: 1, total: 1_999_999 },
      { motivo: HOLD.negativo, miembros: 1, total: -500_000 },
      { motivo: HOLD.sinInformacion, miembros: 2, total: 8_200_000 },
    ]);
    const file = await t.fetch(`${ORIGIN}/api/v1/bonos/ciclos/${cicloId}/pagos/retenidos`, {
      headers: { Cookie: admin },
    });
    expect(file.status).toBe(200);
    const rows = await workbook(file);
    expect(rows[0]).toEqual(['Usuario', 'Nombres', 'Apellidos', 'Saldo (COP)', 'Motivo']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['sinverificar', 40_000, HOLD.sinVerificar],
      ['sininfo', 60_000, HOLD.sinInformacion],
      ['incompleto', 22_000, HOLD.sinInformacion],
      ['bajo', 19_999.99, HOLD.bajoMinimo],
      ['negativo', -5_000, HOLD.negativo],
    ]);
  });

  it('streams the bank file with holder, document, bank code, account type and number, and amount', async () => {
    const bank = (await lotes()).data.find((l: any) => l.metodo === 'CUENTA_BANCARIA');
    const file = await t.fetch(`${ORIGIN}/api/v1/bonos/lotespago/${bank.id}/archivo`, {
      headers: { Cookie: admin },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await workbook(file);
    expect(rows).toEqual([
      [
        'Usuario',
        'Titular',
        'Tipo de documento',
        'Número de documento',
        'Código del banco',
        'Banco',
        'Tipo de cuenta',
        'Número de cuenta',
        'Valor (COP)',
      ],
      [
        'banco1',
        'Titular banco1',
        'CCX',
        `10${u.banco1}`,
        'T507',
        'Banco de Prueba',
        'AH',
        `4455${u.banco1}`,
        50_000,
      ],
      [
        'banco2',
        'Titular banco2',
        'CCX',
        `10${u.banco2}`,
        'T507',
        'Banco de Prueba',
        'AH',
        `4455${u.banco2}`,
        20_000,
      ],
    ]);
    const wallet = (await lotes()).data.find((l: any) => l.metodo === 'BILLETERA');
    const w = await workbook(
      await t.fetch(`${ORIGIN}/api/v1/bonos/lotespago/${wallet.id}/archivo`, { headers: { Cookie: admin } }),
    );
    expect(w[1]).toEqual(['billetera1', 'Titular billetera1', 'WALLET', '3001234567', 30_000]);
    const crypto = (await lotes()).data.find((l: any) => l.metodo === 'CRIPTOMONEDA');
    const k = await workbook(
      await t.fetch(`${ORIGIN}/api/v1/bonos/lotespago/${crypto.id}/archivo`, { headers: { Cookie: admin } }),
    );
    expect(k[1]).toEqual(['cripto1', 'CRIPTO1 Pérez', 'TSTC', 'TRC20', 'TXYZabc123', 25_000]);
    // The bank needs them in full; each member's are recorded as shown (decision 0405).
    let seen: { owner_id: number; dato: string; area: string }[] = [];
    for (let i = 0; i < 60 && seen.length < 6; i++) {
      seen = await t.db.all(
        sql`select owner_id, dato, area from data_access_log where owner_id in (${u.banco1}, ${u.banco2}, ${u.billetera1}, ${u.cripto1}) order by owner_id, dato`,
      );
      if (seen.length < 6) await new Promise((r) => setTimeout(r, 50));
    }
    const area = 'Liquidación y pago de bonos (exportación)';
    expect(seen).toEqual(
      [
        { owner_id: u.banco1, dato: 'numero_cuenta', area },
        { owner_id: u.banco1, dato: 'numero_identificacion', area },
        { owner_id: u.banco2, dato: 'numero_cuenta', area },
        { owner_id: u.banco2, dato: 'numero_identificacion', area },
        { owner_id: u.billetera1, dato: 'numero_cuenta', area },
        { owner_id: u.cripto1, dato: 'direccion_billetera', area },
      ].sort((a, b) => a.owner_id! - b.owner_id! || a.dato.localeCompare(b.dato)),
    );
  });

  it('generating again opens nothing new and never puts a row in two batches', async () => {
    const again = await t.request('POST', `/api/v1/bonos/ciclos/${cicloId}/pagos`, {
      cookie: admin,
      body: {},
    });
    expect(again.json.estado).toBe('SIN_PAGOS');
    expect(again.json.data).toHaveLength(3);
    const twice = await t.db.all(
      sql`select ciclo_user_id from lotes_pago_items group by ciclo_user_id having count(*) > 1`,
    );
    expect(twice).toEqual([]);
  });

  it('marks a batch paid with the bank reference: rows PAGADO with history and a notification', async () => {
    const bank = (await lotes()).data.find((l: any) => l.metodo === 'CUENTA_BANCARIA');
    const missing = await t.request('POST', `/api/v1/bonos/lotespago/${bank.id}/pagar`, {
      cookie: admin,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.referencia).toEqual(['Este campo es requerido']);
    const blank = await t.request('POST', `/api/v1/bonos/lotespago/${bank.id}/pagar`, {
      cookie: admin,
      body: { referencia: '   ' },
    });
    expect(blank.status).toBe(422);
    // banco2's row was audited before (as an approved adjustment leaves it): its revision is the parent.
    const banco2Row = (
      await t.db.get<{ id: number }>(
        sql`select id from ciclo_bonificacion_user where user_id = ${u.banco2} and ciclo_id = ${cicloId}`,
      )
    ).id;
    const before = { userId: null, ip: null, userAgent: null, at: START - 1 };
    await runAudited(t.db, {
      audited: ROW_AUDITED,
      id: banco2Row,
      action: 'editar',
      actor: before,
      baseline: false,
      write: t.db.run(sql`update ciclo_bonificacion_user set id = id where id = ${banco2Row}`),
    });
    const ok = await t.request('POST', `/api/v1/bonos/lotespago/${bank.id}/pagar`, {
      cookie: admin,
      body: { referencia: 'BANCO-7781' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({ estado: 'PAGADO', referencia: 'BANCO-7781' });
    const mine = await t.request('GET', '/api/v1/bonos/ciclobonificacionuser', { cookie: memberCookie });
    expect(JSON.stringify(mine.json)).toContain('PAGADO');
    const rows = await t.db.all<{
      user_id: number;
      estado: string;
      referencia_pago: string;
      pagado_at: number;
    }>(
      sql`select user_id, estado, referencia_pago, pagado_at from ciclo_bonificacion_user where lote_id = ${bank.id} order by user_id`,
    );
    expect(rows.map((r) => [r.user_id, r.estado, r.referencia_pago, r.pagado_at])).toEqual([
      [u.banco1, 'PAGADO', 'BANCO-7781', START],
      [u.banco2, 'PAGADO', 'BANCO-7781', START],
    ]);
    const history = await t.db.all<{ n: number }>(
      sql`select count(*) as n from state_history where entity = 'ciclo_bonificacion_user' and to_state = 'PAGADO' and comentario like '%BANCO-7781%'`,
    );
    expect(history[0]!.n).toBe(2);
    const notes = await t.db.all<{ user_id: number; mensaje: string }>(
      sql`select user_id, mensaje from notificaciones where titulo = 'Pago de bonos' order by user_id`,
    );
    expect(notes.map((n) => n.user_id)).toEqual([u.banco1, u.banco2]);
    expect(notes[0]!.mensaje).toContain('BANCO-7781');
    // Each row's own activity and revision (decision 0281), as the Actividad history shows them.
    const historyOf = async (userId: number) => {
      const id = (
        await t.db.get<{ id: number }>(
          sql`select id from ciclo_bonificacion_user where user_id = ${userId} and ciclo_id = ${cicloId}`,
        )
      ).id;
      return (
        await t.request('GET', `/api/v1/actividad?entidad=ciclo_bonificacion_user&registro=${id}`, {
          cookie: admin,
        })
      ).json.data;
    };
    const [first] = await historyOf(u.banco1!);
    expect(first).toMatchObject({ action: 'estado', parent_id: null, before: null });
    expect(first.revision_id).toEqual(expect.any(Number));
    expect(first.delta).toMatchObject({
      user_id: u.banco1,
      total: 5_000_000,
      estado: 'PAGADO',
      referencia_pago: 'BANCO-7781',
      lote_id: bank.id,
    });
    const [paid, earlier] = await historyOf(u.banco2!);
    expect(paid).toMatchObject({ action: 'estado', parent_id: earlier.revision_id });
    expect(paid.delta).toEqual({
      estado: 'PAGADO',
      pagado_at: START,
      referencia_pago: 'BANCO-7781',
      version: expect.any(Number),
    });
    expect(paid.before).toMatchObject({ estado: 'NO_PAGADO', pagado_at: null, referencia_pago: null });
    const twice = await t.request('POST', `/api/v1/bonos/lotespago/${bank.id}/pagar`, {
      cookie: admin,
      body: { referencia: 'OTRA' },
    });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe(MONEY_OUT_MESSAGES.loteNoGenerado);
    const annulPaid = await t.request('POST', `/api/v1/bonos/lotespago/${bank.id}/anular`, {
      cookie: admin,
      body: {},
    });
    expect(annulPaid.status).toBe(409);
    expect(annulPaid.json.message).toBe(MONEY_OUT_MESSAGES.loteNoAnulable);
  });

  it('annulling an unpaid batch frees its rows; the next generation takes them again', async () => {
    const wallet = (await lotes()).data.find((l: any) => l.metodo === 'BILLETERA');
    const res = await t.request('POST', `/api/v1/bonos/lotespago/${wallet.id}/anular`, {
      cookie: admin,
      body: { motivo: 'Número equivocado' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.estado).toBe('ANULADO');
    const free = await t.db.get<{ lote_id: number | null }>(
      sql`select lote_id from ciclo_bonificacion_user where user_id = ${u.billetera1} and ciclo_id = ${cicloId}`,
    );
    expect(free.lote_id).toBeNull();
    // A member already in the (unpaid) crypto batch who switches to a wallet stays in his batch only.
    await t.db.run(
      sql`update informacion_pago set metodo_pago_id = ${metodo.BILLETERA}, numero_cuenta = '3009999999' where user_id = ${u.cripto1}`,
    );
    const again = await t.request('POST', `/api/v1/bonos/ciclos/${cicloId}/pagos`, {
      cookie: admin,
      body: {},
    });
    const wallets = again.json.data.filter((l: any) => l.metodo === 'BILLETERA');
    expect(wallets.map((l: any) => [l.estado, l.miembros])).toEqual([
      ['ANULADO', 1],
      ['GENERADO', 1],
    ]);
    const file = await workbook(
      await t.fetch(`${ORIGIN}/api/v1/bonos/lotespago/${wallets[1].id}/archivo`, {
        headers: { Cookie: admin },
      }),
    );
    expect(file.slice(1).map((r) => r[0])).toEqual(['billetera1']);
    // Back to his crypto wallet: the next test counts one member per kind.
    await t.db.run(
      sql`update informacion_pago set metodo_pago_id = ${metodo.CRIPTOMONEDA}, numero_cuenta = null where user_id = ${u.cripto1}`,
    );
    expect(
      (
        await t.request('POST', '/api/v1/bonos/lotespago/9999/pagar', {
          cookie: admin,
          body: { referencia: 'X' },
        })
      ).status,
    ).toBe(404);
  });

  it('runs in bounded steps that resume, and concurrent runs never put a row in two batches', async () => {
    const c2 = await cycle('2026-07');
    const ids = [u.banco1!, u.banco2!, u.billetera1!, u.cripto1!];
    for (const id of ids) await row(c2, id, 3_000_000);
    // A budget of 5 requests lets each step write at most two chunks of one member id.
    const steps: number[] = [];
    const run = () =>
      generatePayouts(t.db, c2, {
        now: START,
        actorId: 1,
        chunk: 1,
        budget: { requests: 5, ms: 60_000 },
        onStep: (s) => steps.push(s.requests),
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect([a.estado, b.estado]).toContain('GENERADO');
    let last = await payoutStep(t.db, c2, { now: START, actorId: 1 });
    while (!last.done) last = await payoutStep(t.db, c2, { now: START, actorId: 1 });
    expect(Math.max(...steps)).toBeLessThanOrEqual(5);
    expect(steps.length).toBeGreaterThan(2);
    const items = await t.db.all<{
      ciclo_user_id: number;
      n: number;
    }>(sql`select i.ciclo_user_id, count(*) as n
      from lotes_pago_items i join lotes_pago l on l.id = i.lote_id where l.ciclo_id = ${c2} group by i.ciclo_user_id`);
    expect(items.map((i) => i.n)).toEqual([1, 1, 1, 1]);
    const open = await t.db.all<{ metodo: string; miembros: number; estado: string }>(
      sql`select metodo, miembros, estado from lotes_pago where ciclo_id = ${c2} order by metodo`,
    );
    expect(open).toEqual([
      { metodo: 'BILLETERA', miembros: 1, estado: 'GENERADO' },
      { metodo: 'CRIPTOMONEDA', miembros: 1, estado: 'GENERADO' },
      { metodo: 'CUENTA_BANCARIA', miembros: 2, estado: 'GENERADO' },
    ]);
  });
});
