// Withholding at source on bonus rows (docs/invoicing.md «Retención en la fuente», decisions
// 0445–0448): 10 % for a natural person, 11 % once the year's cumulative passes 3.300 UVT (UVT 2026
// = $ 52.374) and for a company; rounded to the peso; never on a clawback; a carried row carries
// its net; the rows' API, the payout file and the certificate (decision 0450) read the same
// figures. Runs on node and workerd.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatePayouts } from '../../worker/modules/bonuses';
import { settleCycle } from '../../worker/modules/bonuses/settlement';
import { cycleWindow } from '../../worker/shared/cycles';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { baseCatalogue, member, paid, subscribed, verifiedPayment } from '../setup/bonus-data';
import { pdfStrings } from '../setup/pdf-text';

const JAN = cycleWindow('2026-01');
const FEB = cycleWindow('2026-02');
const COP = 100; // cents per peso

let t: TestApp;
let admin: string;
let bigCookie: string;
const u: Record<string, number> = {};
const cycleId: Record<string, number> = {};

async function settle(clave: string) {
  const res = await settleCycle(t.db, clave, { now: cycleWindow(clave).end + 3_600_000, origen: 'prueba' });
  expect(res.estado).toBe('LIQUIDADO');
  const row = await t.db.get<{ id: number }>(sql`select id from ciclos_bonificacion where clave = ${clave}`);
  cycleId[clave] = row.id;
}

async function rows(clave: string) {
  const res = await t.request('GET', `/api/v1/bonos/ciclos/${cycleId[clave]}/usuarios?perPage=100`, {
    cookie: admin,
  });
  expect(res.status, res.text).toBe(200);
  const by: Record<number, { total: number; retencion: number; neto: number }> = {};
  for (const r of res.json.data) by[r.user_id] = { total: r.total, retencion: r.retencion, neto: r.neto };
  return by;
}

beforeAll(async () => {
  t = await makeApp({ start: Date.UTC(2026, 2, 10, 15) });
  admin = await t.login(ADMIN.email, ADMIN.password);
  await baseCatalogue(t.db);
  const year = { from: JAN.start, to: Date.UTC(2027, 0, 1) };
  // The big earner: a natural person whose year passes 3.300 UVT in February.
  const big = await t.makeUser('grande', [P.bonos]);
  u.big = big.id;
  bigCookie = await big.session();
  for (const [k, name] of [
    ['small', 'pequeno'],
    ['company', 'empresa'],
    ['carry', 'arrastre'],
    ['claw', 'reverso'],
  ] as const)
    u[k] = await member(t.db, name);
  for (const id of Object.values(u)) await subscribed(t.db, id, year.from, year.to);
  const buyer = async (sponsor: number) => member(t.db, `comprador${sponsor}`, sponsor);
  const b: Record<string, number> = {};
  for (const k of Object.keys(u)) b[k] = await buyer(u[k]!);
  await t.db.run(sql`update users set sponsor_id = ${u.big} where id = ${b.big}`);
  await verifiedPayment(t.db, u.big!);
  await verifiedPayment(t.db, u.company!);
  await t.db.run(
    sql`update informacion_pago set tipo_persona = 'JURIDICA', nit = '800197268-4' where user_id = ${u.company}`,
  );
  // January: $ 1.000.000.000 of purchases → $ 100.000.000 of bonus (under 3.300 UVT = $ 172.834.200).
  await paid(t.db, b.big!, 1_000_000_000 * COP, JAN.start + 86_400_000);
  // $ 123.456,70 → bonus $ 12.345,67 → 10 % = $ 1.234,567 → $ 1.235 (to the peso, half up).
  await paid(t.db, b.small!, 12_345_670, JAN.start + 86_400_000);
  await paid(t.db, b.company!, 5_000_000 * COP, JAN.start + 86_400_000);
  // Below the minimum payout ($ 20.000): $ 100.000 of purchase → $ 10.000 bonus, carried to February.
  await paid(t.db, b.carry!, 100_000 * COP, JAN.start + 86_400_000);
  const clawed = await paid(t.db, b.claw!, 1_000_000 * COP, JAN.start + 86_400_000);
  await settle('2026-01');
  // February: another $ 800.000.000 → $ 80.000.000: the year reaches $ 180.000.000 > 3.300 UVT.
  await paid(t.db, b.big!, 800_000_000 * COP, FEB.start + 86_400_000);
  await paid(t.db, b.carry!, 300_000 * COP, FEB.start + 86_400_000);
  // The clawed purchase is annulled after January was settled: February reverses its bonus.
  await t.db.run(sql`update compras set estado = 'ANULADA' where id = ${clawed}`);
  await settle('2026-02');
}, 120_000);

describe('withholding at settlement', () => {
  it('withholds 10 % from a natural person, rounded to the peso, and 11 % from a company', async () => {
    const jan = await rows('2026-01');
    expect(jan[u.big!]).toEqual({
      total: 100_000_000 * COP,
      retencion: 10_000_000 * COP,
      neto: 90_000_000 * COP,
    });
    expect(jan[u.small!]).toEqual({
      total: 1_234_567,
      retencion: 1_235 * COP,
      neto: 1_234_567 - 1_235 * COP,
    });
    expect(jan[u.company!]).toEqual({ total: 500_000 * COP, retencion: 55_000 * COP, neto: 445_000 * COP });
  });

  it('withholds 11 % once the year passes 3.300 UVT at the 2026 UVT', async () => {
    const feb = await rows('2026-02');
    expect(feb[u.big!]).toEqual({
      total: 80_000_000 * COP,
      retencion: 8_800_000 * COP,
      neto: 71_200_000 * COP,
    });
    // The rate stored on the row and the cycle's fixed threshold: 3.300 × $ 52.374.
    const cycle = await t.db.get<{ retencion: string }>(
      sql`select retencion from ciclos_bonificacion where clave = '2026-02'`,
    );
    expect(JSON.parse(cycle.retencion)).toEqual({
      natural: 1000,
      juridica: 1100,
      umbral: 3300 * 52_374 * COP,
    });
  });

  it('never withholds on a clawback, and a carried row carries its net', async () => {
    const jan = await rows('2026-01');
    const feb = await rows('2026-02');
    // January $ 100.000 → February − $ 100.000: nothing withheld, the negative total is its net.
    expect(feb[u.claw!]).toEqual({ total: -100_000 * COP, retencion: 0, neto: -100_000 * COP });
    // $ 10.000 carried (its $ 1.000 already withheld) + $ 30.000 new (− $ 3.000).
    expect(jan[u.carry!]).toEqual({ total: 10_000 * COP, retencion: 1_000 * COP, neto: 9_000 * COP });
    expect(feb[u.carry!]).toEqual({ total: 40_000 * COP, retencion: 3_000 * COP, neto: 36_000 * COP });
  });

  it('a payout file pays the net', async () => {
    await generatePayouts(t.db, cycleId['2026-01']!, { now: t.clock.now(), actorId: 1 });
    const items = await t.db.all<{ user_id: number; monto: number }>(
      sql`select user_id, monto from lotes_pago_items order by user_id`,
    );
    expect(items).toEqual([
      { user_id: u.big, monto: 90_000_000 * COP },
      { user_id: u.company, monto: 445_000 * COP },
    ]);
  });
});

describe('the annual certificate', () => {
  it('equals the sum of the year’s rows, month by month', async () => {
    const res = await t.fetch(`${ORIGIN}/api/v1/bonos/certificados/2026`, { headers: { Cookie: bigCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfStrings(new Uint8Array(await res.arrayBuffer())).join('\n');
    expect(text).toContain('Certificado de ingresos y retenciones 2026');
    const sums = await t.db.get<{ ingreso: number; retencion: number }>(
      sql`select sum(bonos + ajustes) ingreso, sum(retencion) retencion from ciclo_bonificacion_user where user_id = ${u.big}`,
    );
    expect(sums).toEqual({ ingreso: 180_000_000 * COP, retencion: 18_800_000 * COP });
    // Enero, febrero and the year's total, paid and withheld.
    expect(text).toMatch(/Enero\n\$ 100\.000\.000,00\n\$ 10\.000\.000,00/);
    expect(text).toMatch(/Febrero\n\$ 80\.000\.000,00\n\$ 8\.800\.000,00/);
    expect(text).toMatch(/Total del año\n\$ 180\.000\.000,00\n\$ 18\.800\.000,00/);
    // An audited download (auditedPdf): an attachment no cache keeps, and its history row.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="certificado-retenciones-2026-.*\.pdf"$/,
    );
    const row = await t.db.get<{ comentario: string; to_state: string }>(
      sql`select comentario, to_state from state_history where entity = 'exportacion:certificado_retenciones' and entity_id = ${u.big} order by id desc limit 1`,
    );
    expect(row?.to_state).toBe('EXPORTADO');
    expect(row?.comentario).toMatch(/^PDF 2026 /);
  });

  it('answers 404 in Spanish for a year without rows, and 422 for a bad year', async () => {
    const cookie = bigCookie;
    const none = await t.request('GET', '/api/v1/bonos/certificados/2025', { cookie });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe('No hay pagos ni retenciones de bonos registrados a su nombre en 2025');
    expect((await t.request('GET', '/api/v1/bonos/certificados/20x6', { cookie })).status).toBe(422);
  });
});

describe('settings, person type, monthly report and bulk certificates', () => {
  it('keeps the rates and the UVT per year as data with their source; bad input is a Spanish 422', async () => {
    const base = '/api/v1/configuracion/tributario/retencion';
    const got = await t.request('GET', base, { cookie: admin });
    expect(got.status).toBe(200);
    expect(got.json.data).toMatchObject({ tasa_natural: 1000, tasa_juridica: 1100, umbral_uvt: 3300 });
    expect(got.json.data.uvt).toEqual([
      {
        anio: 2026,
        valor: 5_237_400,
        fuente: 'Resolución DIAN 000238 del 15 de diciembre de 2025',
        version: 1,
      },
    ]);
    const bad = await t.request('PUT', base, {
      cookie: admin,
      body: { ...got.json.data, tasa_natural: 12_000, agente_nit: '800197268-5' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.agente_nit).toEqual(['El NIT no es válido: verifique el dígito de verificación']);
    expect(bad.json.errors.tasa_natural[0]).toMatch(/^La tarifa para personas naturales/);
    const saved = await t.request('PUT', base, {
      cookie: admin,
      body: { ...got.json.data, agente_nit: '800197268-4', agente_razon_social: 'Plataforma S.A.S.' },
    });
    expect(saved.status, saved.text).toBe(200);
    const created = await t.request('PUT', `${base}/uvt/2027`, {
      cookie: admin,
      body: { valor: 5_500_000, fuente: 'Resolución DIAN de prueba' },
    });
    expect(created.status, created.text).toBe(201);
    expect(
      (await t.request('PUT', `${base}/uvt/2027`, { cookie: admin, body: { valor: 5_500_050, fuente: 'x' } }))
        .json.errors.valor,
    ).toEqual(['El valor debe ser en pesos enteros']);
    // Its own permission.
    const other = await (await t.makeUser('sinretencion', [P.liquidacionBonos])).session();
    expect((await t.request('GET', base, { cookie: other })).status).toBe(403);
  });

  it('asks a company for a valid NIT in the payment information', async () => {
    const who = await t.makeUser('empresa2', [P.miInformacionPersonal]);
    const cookie = await who.session();
    const metodo = await t.db.get<{ id: number }>(
      sql`select id from metodos_pago where tipo = 'CUENTA_BANCARIA' limit 1`,
    );
    const banco = await t.db.get<{ id: number }>(sql`select id from bancos limit 1`);
    const body = {
      metodo_pago_id: metodo.id,
      banco_id: banco.id,
      tipo_cuenta: 'AH',
      numero_cuenta: '12345678',
      titular: 'Empresa',
    };
    const put = (extra: object) =>
      t.request('PUT', '/api/v1/general/informacionpago', { cookie, body: { ...body, ...extra } });
    expect((await put({ tipo_persona: 'JURIDICA' })).json.errors.nit).toEqual([
      'El NIT es requerido para una persona jurídica',
    ]);
    expect((await put({ tipo_persona: 'JURIDICA', nit: '800197268-5' })).json.errors.nit).toEqual([
      'El NIT no es válido: verifique el dígito de verificación',
    ]);
    const ok = await put({ tipo_persona: 'JURIDICA', nit: '800197268-4' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({ tipo_persona: 'JURIDICA', nit: '800197268-4' });
  });

  it('the monthly report lists each payee’s withholding, adding up to the month’s rows', async () => {
    const res = await t.fetch(`${ORIGIN}/api/v1/configuracion/tributario/retencion/reporte?mes=2026-02`, {
      headers: { Cookie: admin },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('Retención (COP)');
    const col = (rows[0] as string[]).indexOf('Retención (COP)');
    const sum = rows.slice(1).reduce((s, r) => s + Number(r[col]), 0);
    const db = await t.db.get<{ s: number }>(
      sql`select sum(retencion) s from ciclo_bonificacion_user where ciclo_id = ${cycleId['2026-02']}`,
    );
    expect(sum * 100).toBe(db.s);
    expect(rows.find((r) => r[0] === 'grande')?.[col]).toBe(8_800_000);
  });

  it('generates every member’s certificate of the year in bounded steps and e-mails them', async () => {
    const path = '/api/v1/configuracion/tributario/retencion/certificados/2026';
    const first = await t.request('POST', path, { cookie: admin, body: {} });
    expect(first.status, first.text).toBe(200);
    let step = first.json.data;
    while (!step.done) step = (await t.request('POST', path, { cookie: admin, body: {} })).json.data;
    const members = await t.db.get<{ n: number }>(
      sql`select count(distinct user_id) n from ciclo_bonificacion_user b join ciclos_bonificacion c on c.id = b.ciclo_id where c.clave like '2026-%'`,
    );
    expect(step).toMatchObject({ estado: 'TERMINADO', generados: members.n });
    const mail = await t.lastMail('grande@test.local');
    expect(mail?.subject).toBe('Certificado de ingresos y retenciones 2026');
    expect(mail?.body).toContain('retenciones por $ 18.800.000');
    // Done: calling again changes nothing.
    expect((await t.request('POST', path, { cookie: admin, body: {} })).json.data).toMatchObject({
      done: true,
      generados: members.n,
    });
  });
});
