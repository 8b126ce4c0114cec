// Issue 24 items 4 and 6 through the API: money-out settings, manual adjustments with the
// two-person rule, close with review and the comparison with the previous cycle. Cycles and
// member-cycle rows are written straight into the database (the settlement has its own suites).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ajustesBonificacion, cicloBonificacionUser } from '../../worker/db/schema';
import { cycleWindow } from '../../worker/shared/cycles';
import { MONEY_OUT_MESSAGES } from '../../worker/shared/money-out';
import { configPermission, P } from '../../worker/shared/permissions';
import { makeApp, type TestApp } from '../setup/app';
import { member } from '../setup/bonus-data';

const DEC = cycleWindow('2026-12');
const ALL = [
  P.liquidacionBonos,
  P.parametrosBonos,
  P.ajustesBonos,
  P.aprobarAjustesBonos,
  P.aprobarCierreBonos,
];
let t: TestApp;
let ana: { id: number; cookie: string };
let beto: { id: number; cookie: string };
let soloCrea: string;
const m: Record<string, number> = {};
let oct: number;
let nov: number;

async function cycle(clave: string, estado = 'LIQUIDADO', settledBy: number | null = null) {
  const w = cycleWindow(clave);
  const [c] = await t.db.all<{
    id: number;
  }>(sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen)
    values (${clave}, ${w.start}, ${w.end}, ${estado}, ${w.end}, 'prueba') returning id`);
  if (estado === 'LIQUIDADO')
    await t.db
      .run(sql`insert into state_history (entity, entity_id, from_state, to_state, user_id, created_at)
      values ('ciclo_bonificacion', ${c!.id}, 'EN_PROCESO', 'LIQUIDADO', ${settledBy}, ${w.end})`);
  return c!.id;
}

async function row(cicloId: number, userId: number, bonos: number) {
  const [r] = await t.db.all<{
    id: number;
  }>(sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, lineas, created_at)
    values (${cicloId}, ${userId}, ${bonos}, ${bonos}, 1, 0) returning id`);
  return r!.id;
}

const readRow = (id: number) =>
  t.db.select().from(cicloBonificacionUser).where(eq(cicloBonificacionUser.id, id)).get();

const create = (cookie: string, cicloId: number, body: unknown) =>
  t.request('POST', `/api/v1/bonos/ciclos/${cicloId}/ajustes`, { cookie, body });

beforeAll(async () => {
  t = await makeApp({ start: DEC.start + 2 * 86_400_000 });
  const a = await t.makeUser('ana', ALL);
  const b = await t.makeUser('beto', ALL);
  ana = { id: a.id, cookie: await a.session() };
  beto = { id: b.id, cookie: await b.session() };
  soloCrea = await (await t.makeUser('solocrea', [P.liquidacionBonos, P.ajustesBonos])).session();
  for (const name of ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis']) m[name] = await member(t.db, name);
  oct = await cycle('2026-10', 'LIQUIDADO', ana.id);
  nov = await cycle('2026-11', 'LIQUIDADO', ana.id);
});

describe('money-out settings', () => {
  it('reads the seeded defaults and saves a new minimum and the review switch, version-checked and audited', async () => {
    const first = await t.request('GET', '/api/v1/bonos/parametros', { cookie: soloCrea });
    expect(first.json.data).toMatchObject({ minimo_pago: 2_000_000, aprobacion_cierre: false, version: 1 });
    const saved = await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: ana.cookie,
      body: { minimo_pago: 3_500_000, aprobacion_cierre: true, version: 1 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toMatchObject({ minimo_pago: 3_500_000, aprobacion_cierre: true, version: 2 });
    // A form that read version 1 is now stale: 409 naming who changed it.
    const stale = await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: beto.cookie,
      body: { minimo_pago: 100_000, aprobacion_cierre: false, version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toContain('El registro fue modificado por ana');
    const revisions = await t.db.all<{ delta: string }>(
      sql`select delta from revisions where entity = 'parametros_bonificacion' and activity_id <> 0 order by id`,
    );
    expect(revisions.map((r) => JSON.parse(r.delta))).toEqual([
      expect.objectContaining({ minimo_pago: 3_500_000, aprobacion_cierre: 1 }),
    ]);
    // Put it back for the rest of the suite.
    await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: ana.cookie,
      body: { minimo_pago: 2_000_000, aprobacion_cierre: false },
    });
  });

  it('refuses a minimum in fractions of a peso, below zero or without the permission, in Spanish', async () => {
    const cents = await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: ana.cookie,
      body: { minimo_pago: 2_000_050, aprobacion_cierre: false },
    });
    expect([cents.status, cents.json.errors.minimo_pago]).toEqual([
      422,
      ['El valor debe ser en pesos enteros'],
    ]);
    const negative = await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: ana.cookie,
      body: { minimo_pago: -100, aprobacion_cierre: false },
    });
    expect(negative.json.errors.minimo_pago).toEqual(['El pago mínimo debe estar entre $ 0 y $ 100.000.000']);
    const denied = await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: soloCrea,
      body: { minimo_pago: 0, aprobacion_cierre: false },
    });
    expect(denied.status).toBe(403);
  });
});

describe('manual adjustments (two-person rule)', () => {
  let rowUno: number;
  let pendiente: number;

  beforeAll(async () => {
    rowUno = await row(nov, m.uno!, 1_500_000);
  });

  it('records a pending adjustment that does not move the row', async () => {
    const res = await create(ana.cookie, nov, {
      usuario: 'UNO',
      monto: 700_000,
      motivo: 'Bono de bienvenida omitido',
    });
    expect(res.status, res.text).toBe(201);
    pendiente = res.json.data.id;
    expect(await readRow(rowUno)).toMatchObject({ total: 1_500_000, ajustes: 0, bonos: 1_500_000 });
    const list = await t.request('GET', `/api/v1/bonos/ciclos/${nov}/ajustes`, { cookie: beto.cookie });
    expect(list.json.data[0]).toMatchObject({
      id: pendiente,
      user_name: 'uno',
      monto: 700_000,
      estado: 'PENDIENTE',
      creado_por_nombre: 'ana (ana)',
      decidido_por_nombre: null,
      propio: false,
      bloqueo: null,
    });
  });

  it('refuses bad input with Spanish messages: no reason, zero, fractions, a member without a row', async () => {
    const bad = await create(ana.cookie, nov, { usuario: 'uno', monto: 0, motivo: '' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toMatchObject({
      monto: ['El monto del ajuste no puede ser cero'],
      motivo: ['Este campo es requerido'],
    });
    const noRow = await create(ana.cookie, nov, {
      usuario: 'seis',
      monto: 100,
      motivo: 'Sin fila en el ciclo',
    });
    expect([noRow.status, noRow.json.errors.usuario]).toEqual([422, [MONEY_OUT_MESSAGES.sinFila]]);
    const nobody = await create(ana.cookie, nov, {
      usuario: 'nadie',
      monto: 100,
      motivo: 'Usuario que no existe',
    });
    expect(nobody.json.errors.usuario).toEqual(['No existe un usuario con ese nombre de usuario']);
    const open = await cycle('2026-09', 'EN_PROCESO');
    const running = await create(ana.cookie, open, {
      usuario: 'uno',
      monto: 100,
      motivo: 'Ciclo en proceso',
    });
    expect([running.status, running.json.message]).toEqual([409, MONEY_OUT_MESSAGES.cicloNoLiquidado]);
  });

  it('never lets the author approve his own adjustment, and the creator permission alone cannot approve', async () => {
    const own = await t.request('POST', `/api/v1/bonos/ajustes/${pendiente}/aprobar`, {
      cookie: ana.cookie,
      body: {},
    });
    expect([own.status, own.json.message]).toEqual([403, MONEY_OUT_MESSAGES.mismoAutor]);
    const creator = await t.request('POST', `/api/v1/bonos/ajustes/${pendiente}/aprobar`, {
      cookie: soloCrea,
      body: {},
    });
    expect(creator.status).toBe(403);
    expect(await readRow(rowUno)).toMatchObject({ total: 1_500_000, ajustes: 0 });
    const list = await t.request('GET', `/api/v1/bonos/ciclos/${nov}/ajustes`, { cookie: ana.cookie });
    expect(list.json.data[0]).toMatchObject({ estado: 'PENDIENTE', propio: true });
  });

  it('nobody registers, approves or rejects an adjustment to his own bonuses (four eyes on money to oneself)', async () => {
    const sep = await cycle('2027-05', 'LIQUIDADO', ana.id);
    const rowAna = await row(sep, ana.id, 50_000);
    const rowBeto = await row(sep, beto.id, 50_000);
    const self = await create(ana.cookie, sep, { usuario: 'ana', monto: 500_000, motivo: 'para mí' });
    expect([self.status, self.json.message]).toEqual([403, MONEY_OUT_MESSAGES.propio]);
    const forBeto = await create(ana.cookie, sep, { usuario: 'beto', monto: 500_000, motivo: 'para Beto' });
    expect(forBeto.status).toBe(201);
    const id = forBeto.json.data.id;
    for (const decision of ['aprobar', 'rechazar']) {
      const res = await t.request('POST', `/api/v1/bonos/ajustes/${id}/${decision}`, {
        cookie: beto.cookie,
        body: { comentario: 'me lo apruebo' },
      });
      expect([decision, res.status, res.json.message]).toEqual([decision, 403, MONEY_OUT_MESSAGES.propio]);
    }
    const list = await t.request('GET', `/api/v1/bonos/ciclos/${sep}/ajustes`, { cookie: beto.cookie });
    expect(list.json.data[0]).toMatchObject({ id, estado: 'PENDIENTE', beneficiario: true, propio: false });
    expect(await readRow(rowBeto)).toMatchObject({ total: 50_000, ajustes: 0 });
    expect(await readRow(rowAna)).toMatchObject({ total: 50_000, ajustes: 0 });
  });

  it('a second administrator’s approval adds exactly the amount to ajustes and total, once, with both names in the history', async () => {
    const ok = await t.request('POST', `/api/v1/bonos/ajustes/${pendiente}/aprobar`, {
      cookie: beto.cookie,
      body: { comentario: 'Revisado con soporte', version: 1 },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(await readRow(rowUno)).toMatchObject({
      bonos: 1_500_000,
      ajustes: 700_000,
      total: 2_200_000,
      version: 2,
    });
    const again = await t.request('POST', `/api/v1/bonos/ajustes/${pendiente}/aprobar`, {
      cookie: beto.cookie,
      body: {},
    });
    expect([again.status, again.json.message]).toEqual([409, MONEY_OUT_MESSAGES.ajusteDecidido]);
    expect((await readRow(rowUno))!.total).toBe(2_200_000);
    // The cycle's Total counts the approved adjustment, like its members' rows do.
    const [sums] = await t.db.all<{ suma: number }>(
      sql`select sum(total) as suma from ciclo_bonificacion_user where ciclo_id = ${nov}`,
    );
    const cycleRow = (await t.request('GET', '/api/v1/bonos/ciclos', { cookie: ana.cookie })).json.data.find(
      (c: { id: number }) => c.id === nov,
    );
    expect(cycleRow.total).toBe(sums!.suma);
    expect(cycleRow.total).toBe(cycleRow.pagado + cycleRow.pendiente);
    const list = await t.request('GET', `/api/v1/bonos/ciclos/${nov}/ajustes`, { cookie: ana.cookie });
    expect(list.json.data[0]).toMatchObject({
      estado: 'APROBADO',
      creado_por_nombre: 'ana (ana)',
      decidido_por_nombre: 'beto (beto)',
      comentario: 'Revisado con soporte',
    });
    const history = await t.db.all<{ to_state: string; comentario: string; user_id: number }>(
      sql`select to_state, comentario, user_id from state_history where entity = 'ajuste_bonificacion' and entity_id = ${pendiente} order by id`,
    );
    expect(history.map((h) => [h.to_state, h.user_id])).toEqual([
      ['PENDIENTE', ana.id],
      ['APROBADO', beto.id],
    ]);
    expect(history[1]!.comentario).toBe(
      '$ 7.000,00 en el ciclo 2026-11 de uno. Registró: ana (ana). Aprobó: beto (beto). Revisado con soporte',
    );
    // The row's own revision records the new total, and the member is told.
    const rev = await t.db.all<{ delta: string }>(
      sql`select delta from revisions where entity = 'ciclo_bonificacion_user' and entity_id = ${rowUno}`,
    );
    expect(JSON.parse(rev.at(-1)!.delta)).toMatchObject({ ajustes: 700_000, total: 2_200_000 });
    const note = await t.db.all<{ titulo: string }>(
      sql`select titulo from notificaciones where user_id = ${m.uno!} and entity = 'ciclo_bonificacion_user'`,
    );
    expect(note.map((n) => n.titulo)).toEqual(['Ajuste en tus bonos']);
  });

  it('a debit subtracts exactly; a rejection needs a reason and moves nothing', async () => {
    const debit = await create(beto.cookie, nov, {
      usuario: 'uno',
      monto: -250_000,
      motivo: 'Cobro duplicado',
    });
    const approve = await t.request('POST', `/api/v1/bonos/ajustes/${debit.json.data.id}/aprobar`, {
      cookie: ana.cookie,
      body: {},
    });
    expect(approve.status).toBe(200);
    expect(await readRow(rowUno)).toMatchObject({ ajustes: 450_000, total: 1_950_000 });

    const other = await create(beto.cookie, nov, { usuario: 'uno', monto: 900_000, motivo: 'Sin soporte' });
    const noReason = await t.request('POST', `/api/v1/bonos/ajustes/${other.json.data.id}/rechazar`, {
      cookie: ana.cookie,
      body: {},
    });
    expect([noReason.status, noReason.json.errors.comentario]).toEqual([422, ['Este campo es requerido']]);
    const rejected = await t.request('POST', `/api/v1/bonos/ajustes/${other.json.data.id}/rechazar`, {
      cookie: ana.cookie,
      body: { comentario: 'No hay soporte del pago' },
    });
    expect(rejected.status).toBe(200);
    expect(await readRow(rowUno)).toMatchObject({ ajustes: 450_000, total: 1_950_000 });
    const late = await t.request('POST', `/api/v1/bonos/ajustes/${other.json.data.id}/aprobar`, {
      cookie: ana.cookie,
      body: {},
    });
    expect([late.status, late.json.message]).toEqual([409, MONEY_OUT_MESSAGES.ajusteDecidido]);
    const list = await t.request('GET', `/api/v1/bonos/ciclos/${nov}/ajustes`, { cookie: ana.cookie });
    expect(list.json.data[0]).toMatchObject({
      estado: 'RECHAZADO',
      decidido_por_nombre: 'ana (ana)',
      comentario: 'No hay soporte del pago',
    });
  });

  it.each([
    ['paid', { estado: 'PAGADO' }, 'pagado'],
    ['carried', { arrastradoA: 999 }, 'arrastrado'],
    ['in a payout batch', { loteId: 7 }, 'enLote'],
  ] as const)(
    'refuses to approve on a %s row (409, Spanish reason) and leaves the row and the adjustment as they were',
    async (_, change, reason) => {
      const name = { pagado: 'dos', arrastrado: 'tres', enLote: 'cuatro' }[reason];
      const rowId = await row(nov, m[name]!, 300_000);
      const adj = await create(ana.cookie, nov, { usuario: name, monto: 50_000, motivo: 'Ajuste a revisar' });
      expect(adj.status).toBe(201);
      await t.db.update(cicloBonificacionUser).set(change).where(eq(cicloBonificacionUser.id, rowId));
      const res = await t.request('POST', `/api/v1/bonos/ajustes/${adj.json.data.id}/aprobar`, {
        cookie: beto.cookie,
        body: {},
      });
      expect([res.status, res.json.message]).toEqual([409, MONEY_OUT_MESSAGES[reason]]);
      expect(await readRow(rowId)).toMatchObject({ total: 300_000, ajustes: 0 });
      expect(
        (await t.db
          .select()
          .from(ajustesBonificacion)
          .where(eq(ajustesBonificacion.id, adj.json.data.id))
          .get())!.estado,
      ).toBe('PENDIENTE');
      const list = await t.request('GET', `/api/v1/bonos/ciclos/${nov}/ajustes`, { cookie: ana.cookie });
      expect(list.json.data.find((a: any) => a.id === adj.json.data.id).bloqueo).toBe(
        MONEY_OUT_MESSAGES[reason],
      );
      // And no new adjustment can be recorded on it.
      const more = await create(ana.cookie, nov, { usuario: name, monto: 50_000, motivo: 'Otro ajuste' });
      expect([more.status, more.json.message]).toEqual([409, MONEY_OUT_MESSAGES[reason]]);
    },
  );
});

describe('close with review', () => {
  it('gates payouts on a second administrator’s approval when the setting is on, visible through the API', async () => {
    const review = () => t.request('GET', `/api/v1/bonos/ciclos/${nov}/revision`, { cookie: beto.cookie });
    expect((await review()).json.data).toMatchObject({
      aprobacion_requerida: false,
      aprobado_at: null,
      pagos_habilitados: true,
    });
    await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: ana.cookie,
      body: { minimo_pago: 2_000_000, aprobacion_cierre: true },
    });
    expect((await review()).json.data).toMatchObject({
      aprobacion_requerida: true,
      pagos_habilitados: false,
      liquidado_por: ana.id,
    });
    // Ana ran the settlement: she cannot approve it.
    const self = await t.request('POST', `/api/v1/bonos/ciclos/${nov}/aprobar`, {
      cookie: ana.cookie,
      body: {},
    });
    expect([self.status, self.json.message]).toEqual([403, MONEY_OUT_MESSAGES.mismoLiquidador]);
    expect((await review()).json.data.pagos_habilitados).toBe(false);
    const ok = await t.request('POST', `/api/v1/bonos/ciclos/${nov}/aprobar`, {
      cookie: beto.cookie,
      body: { comentario: 'Cifras revisadas' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({
      aprobado_por_nombre: 'beto (beto)',
      aprobado_at: t.clock.now(),
      pagos_habilitados: true,
    });
    const twice = await t.request('POST', `/api/v1/bonos/ciclos/${nov}/aprobar`, {
      cookie: beto.cookie,
      body: {},
    });
    expect([twice.status, twice.json.message]).toEqual([409, MONEY_OUT_MESSAGES.cicloAprobado]);
    const history = await t.db.all<{ to_state: string; user_id: number; comentario: string }>(
      sql`select to_state, user_id, comentario from state_history where entity = 'ciclo_bonificacion' and entity_id = ${nov} order by id`,
    );
    expect(history.at(-1)).toEqual({
      to_state: 'APROBADO',
      user_id: beto.id,
      comentario: '2026-11: Cifras revisadas',
    });
    // October, not approved, stays gated while the setting is on.
    expect(
      (await t.request('GET', `/api/v1/bonos/ciclos/${oct}/revision`, { cookie: beto.cookie })).json.data
        .pagos_habilitados,
    ).toBe(false);
    await t.request('PUT', '/api/v1/bonos/parametros', {
      cookie: ana.cookie,
      body: { minimo_pago: 2_000_000, aprobacion_cierre: false },
    });
  });

  it('refuses to approve a cycle that is not settled', async () => {
    const open = await cycle('2026-08', 'EN_PROCESO');
    const res = await t.request('POST', `/api/v1/bonos/ciclos/${open}/aprobar`, {
      cookie: beto.cookie,
      body: {},
    });
    expect([res.status, res.json.message]).toEqual([409, MONEY_OUT_MESSAGES.cicloNoLiquidado]);
    expect(
      (await t.request('POST', '/api/v1/bonos/ciclos/99999/aprobar', { cookie: beto.cookie, body: {} }))
        .status,
    ).toBe(404);
  });

  it('compares a cycle with the previous settled one: members, totals, new and gone, largest changes first', async () => {
    const a = await cycle('2027-01', 'LIQUIDADO', ana.id);
    const b = await cycle('2027-02', 'LIQUIDADO', ana.id);
    await row(a, m.uno!, 1_000_000);
    await row(a, m.dos!, 5_000_000);
    await row(a, m.tres!, 200_000);
    await row(b, m.uno!, 1_100_000);
    await row(b, m.dos!, 1_000_000);
    await row(b, m.cinco!, 3_000_000);
    const res = await t.request('GET', `/api/v1/bonos/ciclos/${b}/comparacion?top=3`, { cookie: soloCrea });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      ciclo: { clave: '2027-02', miembros: 3, total: 5_100_000 },
      anterior: { clave: '2027-01', miembros: 3, total: 6_200_000 },
      nuevos: 1,
      salientes: 1,
    });
    expect(res.json.data.cambios.map((c: any) => [c.user_name, c.anterior, c.actual, c.cambio])).toEqual([
      ['dos', 5_000_000, 1_000_000, -4_000_000],
      ['cinco', 0, 3_000_000, 3_000_000],
      ['tres', 200_000, 0, -200_000],
    ]);
    const first = await t.request('GET', `/api/v1/bonos/ciclos/${oct}/comparacion`, { cookie: soloCrea });
    expect(first.json.data).toMatchObject({ anterior: null, cambios: [] });
    const bad = await t.request('GET', `/api/v1/bonos/ciclos/${b}/comparacion?top=0`, { cookie: soloCrea });
    expect([bad.status, bad.json.errors.top]).toEqual([422, ['La cantidad debe ser mayor o igual a 1']]);
  });
});

describe('the two-person rule counts people, not accounts (docs/decisions/0345)', () => {
  const USERS = (['view', 'new', 'edit'] as const).map((a) => configPermission('seguridad:usuarios', a));
  let jefe: { id: number; cookie: string };
  let approverRole: number;
  const approveAs = (cookie: string, id: number) =>
    t.request('POST', `/api/v1/bonos/ajustes/${id}/aprobar`, { cookie, body: {} });

  beforeAll(async () => {
    const j = await t.makeUser('jefe', [...ALL, ...USERS]);
    jefe = { id: j.id, cookie: await j.session() };
    // A role that approves adjustments and closes (jefe holds all of it, so he may grant it).
    const codes = [P.liquidacionBonos, P.aprobarAjustesBonos, P.aprobarCierreBonos];
    approverRole = (
      await t.db.get<{ id: number }>(
        sql`insert into roles (nombre, created_at, updated_at) values ('APROBADORES', 0, 0) returning id`,
      )
    ).id;
    await t.db.run(sql`insert into role_permissions (role_id, permission_id)
      select ${approverRole}, id from permissions where code in (${sql.join(codes, sql`, `)})`);
  });

  /** An account jefe creates through the users screen, signed in with the password he chose. */
  async function createdByJefe(userName: string) {
    const res = await t.request('POST', '/api/v1/seguridad/users', {
      cookie: jefe.cookie,
      body: {
        user_name: userName,
        email: `${userName}@empresa.co`,
        nombres: userName,
        password: 'Clave-del-jefe-1',
        confirmar_password: 'Clave-del-jefe-1',
        roles: [approverRole],
      },
    });
    expect(res.status, res.text).toBe(201);
    return {
      id: res.json.data.id as number,
      cookie: await t.login(`${userName}@empresa.co`, 'Clave-del-jefe-1'),
    };
  }

  it('records who created a staff account', async () => {
    const otro = await createdByJefe('otrojefe');
    const row = await t.db.get<{ creado_por: number | null }>(
      sql`select creado_por from users where id = ${otro.id}`,
    );
    expect(row.creado_por).toBe(jefe.id);
  });

  it('refuses an approval by an account the author created, and by one whose password he set', async () => {
    const cyc = await cycle('2027-08', 'LIQUIDADO', null);
    const rowTres = await row(cyc, m.tres!, 100_000);
    const made = await createdByJefe('segundajefe');
    const adj = await create(jefe.cookie, cyc, {
      usuario: 'tres',
      monto: 300_000,
      motivo: 'Bono de prueba del jefe',
    });
    expect(adj.status, adj.text).toBe(201);
    const byCreated = await approveAs(made.cookie, adj.json.data.id);
    expect([byCreated.status, byCreated.json.message]).toEqual([403, MONEY_OUT_MESSAGES.cuentaDelAutor]);
    // An account jefe did not create but whose password he set (the users screen) is his too.
    const carlos = await t.makeUser('carlos', [P.liquidacionBonos, P.aprobarAjustesBonos]);
    const set = await t.request('PUT', `/api/v1/seguridad/users/${carlos.id}/password`, {
      cookie: jefe.cookie,
      body: { password: 'Otra-clave-123', confirmar_password: 'Otra-clave-123' },
    });
    expect(set.status, set.text).toBe(200);
    const carlosCookie = await t.login(carlos.email, 'Otra-clave-123');
    const byManaged = await approveAs(carlosCookie, adj.json.data.id);
    expect([byManaged.status, byManaged.json.message]).toEqual([403, MONEY_OUT_MESSAGES.cuentaDelAutor]);
    expect(await readRow(rowTres)).toMatchObject({ total: 100_000, ajustes: 0 });
    // The list tells the screen not to offer «Aprobar» to those accounts.
    const list = await t.request('GET', `/api/v1/bonos/ciclos/${cyc}/ajustes`, { cookie: made.cookie });
    expect(list.json.data[0]).toMatchObject({ estado: 'PENDIENTE', propio: true });
    // Beto, whom jefe neither created nor manages, approves.
    expect((await approveAs(beto.cookie, adj.json.data.id)).status).toBe(200);
    expect(await readRow(rowTres)).toMatchObject({ total: 400_000, ajustes: 300_000 });
  });

  it('the close review: an account the settler created cannot approve the cycle', async () => {
    const cyc = await cycle('2027-09', 'LIQUIDADO', jefe.id);
    const made = await createdByJefe('tercerjefe');
    const res = await t.request('POST', `/api/v1/bonos/ciclos/${cyc}/aprobar`, {
      cookie: made.cookie,
      body: {},
    });
    expect([res.status, res.json.message]).toEqual([403, MONEY_OUT_MESSAGES.cuentaDelLiquidador]);
    expect(
      (await t.request('POST', `/api/v1/bonos/ciclos/${cyc}/aprobar`, { cookie: beto.cookie, body: {} }))
        .status,
    ).toBe(200);
  });
});
