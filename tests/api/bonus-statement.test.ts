// Issue 24 item 5: the member statement of a member-cycle row, as JSON for the screen, as a PDF
// made in the Worker (pdf-lib) and as an Excel, with the same numbers in all three; the row's
// member and administrators read it, any other member gets 404. The rows the settle, review and
// payout helpers write (carry-over, approved adjustments, payment reference) are inserted here
// straight into the shared model's tables.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cycleWindow } from '../../worker/shared/cycles';
import { pesos, ratePercent } from '../../worker/shared/money-out';
import { referenceFor } from '../../worker/shared/payment-reference';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid } from '../setup/bonus-data';
import { pdfPageCount, pdfStrings } from '../setup/pdf-text';

const DEC = cycleWindow('2026-12');
const PAID_AT = DEC.start + 3 * DAY + 3_600_000;
let t: TestApp;
let admin: string;
let bonusAdmin: string;
let owner: { id: number; cookie: string };
let other: string;
let rowId: number;
let bigRowId: number;
let bigCookie: string;
let legacyRowId: number;
const BIG = 5_000;

type Line = [
  compra: number,
  nivel: number,
  referido: number,
  base: number,
  bp: number,
  monto: number,
  motivo: string | null,
];

async function cycle(clave: string) {
  const w = cycleWindow(clave);
  return (await t.db.get<{ id: number }>(
    sql`insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, liquidado_at, origen) values (${clave}, ${w.start}, ${w.end}, 'LIQUIDADO', ${w.end}, ${w.end}, 'prueba') returning id`,
  ))!.id;
}

async function row(
  cicloId: number,
  userId: number,
  r: {
    bonos: number;
    saldo?: number;
    ajustes?: number;
    lineas?: number;
    estado?: string;
    arrastradoA?: number;
  },
) {
  const total = r.bonos + (r.saldo ?? 0) + (r.ajustes ?? 0);
  return (await t.db.get<{ id: number }>(
    sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, lineas, estado, created_at, bonos, saldo_anterior, ajustes, arrastrado_a)
        values (${cicloId}, ${userId}, ${total}, ${r.lineas ?? 0}, ${r.estado ?? 'NO_PAGADO'}, 0, ${r.bonos}, ${r.saldo ?? 0}, ${r.ajustes ?? 0}, ${r.arrastradoA ?? null}) returning id`,
  ))!.id;
}

async function lines(cicloId: number, beneficiario: number, ls: Line[]) {
  for (let i = 0; i < ls.length; i += 500) {
    const values = ls
      .slice(i, i + 500)
      .map(
        ([compra, nivel, referido, base, bp, monto, motivo]) =>
          sql`(${cicloId}, ${beneficiario}, ${compra}, ${referido}, ${nivel}, ${base}, ${bp}, ${monto}, ${motivo}, 0)`,
      );
    await t.db.run(
      sql`insert into ciclo_bonificacion_user_referido (ciclo_id, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, motivo, created_at) values ${sql.join(values, sql`, `)}`,
    );
  }
}

const get = (path: string, cookie?: string) =>
  t.fetch(`${ORIGIN}/api/v1/bonos/ciclobonificacionuser/${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
const json = async (path: string, cookie?: string) => {
  const res = await get(path, cookie);
  return { status: res.status, body: (await res.json()) as any };
};
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

// The hand-worked statement of the owner's December row.
const LINES = {
  nivel1: 20_000_000 * 0.1, // $ 200.000 at 10 %
  nivel2: 617_283, // $ 123.456,78 at 5 %, truncated
  reembolso: -500_000, // November's $ 50.000 purchase annulled: its 10 % back
  sinSuscripcion: 0,
};
const BONOS = LINES.nivel1 + LINES.nivel2 + LINES.reembolso + LINES.sinSuscripcion; // 2.117.283
const SALDO = 1_500_000 - 300_000; // September below the minimum, October negative
const AJUSTES = 250_000; // the approved one only
const TOTAL = BONOS + SALDO + AJUSTES; // 3.567.283

beforeAll(async () => {
  t = await makeApp({ start: DEC.end + 10 * DAY });
  admin = await t.login(ADMIN.email, ADMIN.password);
  await baseCatalogue(t.db);
  const o = await t.makeUser('dueno', [P.bonos]);
  owner = { id: o.id, cookie: await o.session() };
  other = await (await t.makeUser('otromiembro', [P.bonos])).session();
  const revisor = await t.makeUser('revisora', [P.liquidacionBonos]);
  bonusAdmin = await revisor.session();
  await t.db.run(
    sql`update users set nombres = 'José Ñuñez', apellidos = 'Gómez', numero_identificacion = '1020304050', tipo_identificacion_id = (select id from tipos_identificacion where codigo = 'CC') where id = ${owner.id}`,
  );
  await t.db.run(sql`update users set nombres = 'Revisora', apellidos = 'Peñaloza' where id = ${revisor.id}`);
  const pena = await member(t.db, 'pena', owner.id);
  await t.db.run(sql`update users set nombres = 'María Peña', apellidos = 'Álvarez' where id = ${pena}`);
  const nandu = await member(t.db, 'nandu', pena);
  const tercero = await member(t.db, 'tercero', nandu);

  const sep = await cycle('2026-09');
  const oct = await cycle('2026-10');
  const dec = await cycle('2026-12');
  const c1 = await paid(t.db, pena, 20_000_000, DEC.start + DAY);
  const c2 = await paid(t.db, nandu, 12_345_678, DEC.start + DAY);
  const c0 = await paid(t.db, pena, 5_000_000, DEC.start - 20 * DAY, 'ANULADA');
  const c3 = await paid(t.db, tercero, 9_000_000, DEC.start + DAY);
  rowId = await row(dec, owner.id, {
    bonos: BONOS,
    saldo: SALDO,
    ajustes: AJUSTES,
    lineas: 4,
    estado: 'PAGADO',
  });
  await t.db.run(
    sql`update ciclo_bonificacion_user set pagado_at = ${PAID_AT}, referencia_pago = 'BANCOLOMBIA-000123' where id = ${rowId}`,
  );
  await row(sep, owner.id, { bonos: 1_500_000, lineas: 1, arrastradoA: rowId });
  await row(oct, owner.id, { bonos: -300_000, lineas: 1, arrastradoA: rowId });
  await lines(dec, owner.id, [
    [c1, 1, pena, 20_000_000, 1_000, LINES.nivel1, null],
    [c2, 2, nandu, 12_345_678, 500, LINES.nivel2, null],
    [c0, 1, pena, -5_000_000, 1_000, LINES.reembolso, 'REEMBOLSO'],
    [c3, 3, tercero, 9_000_000, 200, 0, 'SIN SUSCRIPCION ACTIVA'],
  ]);
  const adj = (monto: number, motivo: string, estado: string, decidido: number | null) =>
    t.db.run(
      sql`insert into ajustes_bonificacion (ciclo_user_id, ciclo_id, user_id, monto, motivo, estado, creado_por, creado_at, decidido_por, decidido_at)
        values (${rowId}, ${dec}, ${owner.id}, ${monto}, ${motivo}, ${estado}, 1, ${DEC.end}, ${decidido}, ${decidido ? DEC.end + DAY : null})`,
    );
  await adj(AJUSTES, 'Campaña de diciembre: ¿compensación por el corte?', 'APROBADO', revisor.id);
  await adj(-999_999, 'Pendiente de aprobación', 'PENDIENTE', null);
  await adj(-777_777, 'Rechazado por duplicado', 'RECHAZADO', revisor.id);

  // A row settled before the money-out model: bonos was not written (0), total is its lines' sum.
  const aug = await cycle('2026-08');
  legacyRowId = (await t.db.get<{ id: number }>(
    sql`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, lineas, estado, created_at) values (${aug}, ${owner.id}, 617283, 1, 'NO_PAGADO', 0) returning id`,
  ))!.id;
  await lines(aug, owner.id, [[c2, 2, nandu, 12_345_678, 500, 617_283, null]]);

  // A member with 5,000 lines in December (the bound the PDF and the Excel are measured with).
  const grande = await member(t.db, 'grande');
  const compras: number[] = [];
  await t.db
    .run(
      sql`insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at)
      select 100000 + value, ${pena}, 'big:' || value, 1, 1000000 + value, 'PAGADO', ${DEC.start + DAY}, 0, 0 from generate_series(1, ${BIG})`,
    )
    .catch(async () => {
      // libSQL builds without generate_series: insert in chunks.
      for (let i = 1; i <= BIG; i += 500) {
        const v = Array.from({ length: Math.min(500, BIG - i + 1) }, (_, k) => i + k).map(
          (n) =>
            sql`(${100_000 + n}, ${pena}, ${`big:${n}`}, 1, ${1_000_000 + n}, 'PAGADO', ${DEC.start + DAY}, 0, 0)`,
        );
        await t.db.run(
          sql`insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values ${sql.join(v, sql`, `)}`,
        );
      }
    });
  for (let n = 1; n <= BIG; n++) compras.push(100_000 + n);
  const bigLines: Line[] = compras.map((c, i) => [
    c,
    1,
    pena,
    1_000_000 + i + 1,
    1_000,
    Math.trunc((1_000_000 + i + 1) / 10),
    null,
  ]);
  const bigBonos = bigLines.reduce((a, l) => a + l[5], 0);
  bigRowId = await row(dec, grande, { bonos: bigBonos, lineas: BIG });
  await lines(dec, grande, bigLines);
  await t.db.run(sql`update users set nombres = 'Grande' where id = ${grande}`);
  // The big member's session (member() writes no password).
  bigCookie = await t.sessionCookie(grande);
}, 120_000);

describe('member statement: the numbers', () => {
  it('gives the screen the head, the carried-in cycles, the approved adjustments with both names and a page of lines', async () => {
    const { status, body } = await json(`${rowId}/extracto/datos?page=1&perPage=10`, owner.cookie);
    expect(status).toBe(200);
    const s = body.data;
    expect(s).toMatchObject({
      id: rowId,
      clave: '2026-12',
      estado: 'PAGADO',
      miembro: {
        user_name: 'dueno',
        nombre: 'José Ñuñez Gómez',
        tipo_documento: 'CC',
        documento: '1020304050',
      },
      bonos: BONOS,
      saldo_anterior: SALDO,
      ajustes: AJUSTES,
      total: TOTAL,
      lineas: 4,
      suma_lineas: BONOS,
      pagado_at: PAID_AT,
      referencia_pago: 'BANCOLOMBIA-000123',
      arrastrado_a: null,
    });
    expect(s.saldo_anterior_origen.map((o: any) => [o.clave, o.total])).toEqual([
      ['2026-09', 1_500_000],
      ['2026-10', -300_000],
    ]);
    expect(s.ajustes_detalle).toEqual([
      expect.objectContaining({
        monto: AJUSTES,
        motivo: 'Campaña de diciembre: ¿compensación por el corte?',
        autor: expect.any(String),
        aprobador: 'Revisora Peñaloza',
      }),
    ]);
    // Lines in purchase order; each names the referral, the purchase and its payment reference.
    expect(body.lineas.total).toBe(4);
    expect(
      body.lineas.data.map((l: any) => [
        l.nivel,
        l.referido,
        l.compra_referencia,
        l.base,
        l.porcentaje,
        l.monto,
        l.motivo,
      ]),
    ).toEqual([
      [
        1,
        'María Peña Álvarez',
        referenceFor(body.lineas.data[0].compra_id),
        20_000_000,
        1_000,
        LINES.nivel1,
        null,
      ],
      [2, 'nandu', expect.any(String), 12_345_678, 500, LINES.nivel2, null],
      [1, 'María Peña Álvarez', expect.any(String), -5_000_000, 1_000, LINES.reembolso, 'REEMBOLSO'],
      [3, 'tercero', expect.any(String), 9_000_000, 200, 0, 'SIN SUSCRIPCION ACTIVA'],
    ]);
    const sum = body.lineas.data.reduce((a: number, l: any) => a + l.monto, 0);
    expect(sum).toBe(s.bonos);
    expect(s.bonos + s.saldo_anterior + s.ajustes).toBe(s.total);
  });

  it('pages the lines on screen with the grids’ page sizes (page 50 of 100 holds the 5,000th line)', async () => {
    // perPage must be one of the grid sizes; a wrong one is a Spanish 422, not a 500.
    const bad = await json(`${rowId}/extracto/datos?perPage=3`, owner.cookie);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toMatch(/tamaño de página/);
    const big = await json(`${bigRowId}/extracto/datos?page=50&perPage=100`, admin);
    expect(big.status).toBe(200);
    expect(big.body.lineas.total).toBe(BIG);
    expect(big.body.lineas.data).toHaveLength(100);
    expect(big.body.lineas.data[99].compra_id).toBe(100_000 + BIG);
  });

  it('prints an unpaid row’s state as the screen says it, «NO PAGADO»', async () => {
    const res = await get(`${legacyRowId}/extracto`, owner.cookie);
    expect(res.status).toBe(200);
    const strings = pdfStrings(await bytes(res));
    expect(strings[strings.indexOf('Estado:') + 1]).toBe('NO PAGADO');
  });

  it('prints the same numbers in the PDF, with Spanish accents and pesos as on screen', async () => {
    const res = await get(`${rowId}/extracto`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/extracto-bonos-2026-12-dueno\.pdf/);
    const pdf = await bytes(res);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const strings = pdfStrings(pdf);
    const { body } = await json(`${rowId}/extracto/datos?perPage=100`, owner.cookie);
    const s = body.data;
    const after = (label: string) => strings[strings.indexOf(label) + 1];
    expect(strings).toContain('Extracto de bonos');
    expect(after('Miembro:')).toBe('José Ñuñez Gómez (dueno)');
    expect(after('Documento:')).toBe('CC 1020304050');
    expect(after('Estado:')).toBe('PAGADO');
    expect(after('Referencia de pago:')).toBe('BANCOLOMBIA-000123');
    expect(after('Fecha de pago:')).toBe('2026-12-04 01:00:00');
    expect(after('Bonos del ciclo (4 líneas)')).toBe(pesos(s.bonos));
    expect(after('Saldo anterior')).toBe(pesos(s.saldo_anterior));
    expect(after('Ajustes aprobados')).toBe(pesos(s.ajustes));
    expect(after('Total del ciclo')).toBe('$ 35.672,83');
    expect(pesos(s.total)).toBe('$ 35.672,83');
    expect(after('Ciclo 2026-09')).toBe('$ 15.000,00');
    expect(after('Ciclo 2026-10')).toBe('-$ 3.000,00');
    expect(after('Ajuste manual: Campaña de diciembre: ¿compensación por el corte?')).toBe('$ 2.500,00');
    expect(strings.some((x) => x.includes('aprobó Revisora Peñaloza'))).toBe(true);
    expect(strings.join('\n')).not.toMatch(/Pendiente de aprobación|Rechazado por duplicado/);
    // Every line, cell by cell, in the screen's order.
    for (const l of body.lineas.data) {
      const cells = [
        `#${l.compra_id} ${l.compra_referencia}`,
        String(l.nivel),
        l.referido,
        pesos(l.base),
        ratePercent(l.porcentaje),
        pesos(l.monto),
        l.motivo ?? '',
      ];
      const at = strings.indexOf(cells[0]!);
      expect(strings.slice(at, at + cells.length)).toEqual(cells);
    }
    expect(after('Suma de las líneas')).toBe(pesos(s.bonos));
    expect(strings.at(-1)).toMatch(/^Extracto 2026-12 · dueno · generado .* · Página 1 de 1$/);
  });

  it('prints the bonos as the sum of the lines it lists, also for a row settled before the money-out model', async () => {
    const { body } = await json(`${legacyRowId}/extracto/datos`, owner.cookie);
    expect(body.data).toMatchObject({ bonos: 0, suma_lineas: 617_283, total: 617_283, lineas: 1 });
    const strings = pdfStrings(await bytes(await get(`${legacyRowId}/extracto`, owner.cookie)));
    expect(strings[strings.indexOf('Bonos del ciclo (1 línea)') + 1]).toBe('$ 6.172,83');
    expect(strings[strings.indexOf('Total del ciclo') + 1]).toBe('$ 6.172,83');
  });

  it('exports the same numbers to Excel (summary sheet and every line)', async () => {
    const res = await get(`${rowId}/extracto/excel`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const { body } = await json(`${rowId}/extracto/datos?perPage=100`, owner.cookie);
    const s = body.data;
    const summary = wb.getWorksheet('Resumen')!;
    const byLabel = new Map<string, unknown[]>();
    summary.eachRow((r) => byLabel.set(String(r.getCell(1).value), [r.getCell(2).value, r.getCell(3).value]));
    expect(byLabel.get('Bonos del ciclo (4 líneas)')).toEqual([s.bonos / 100, pesos(s.bonos)]);
    expect(byLabel.get('Saldo anterior')).toEqual([s.saldo_anterior / 100, pesos(s.saldo_anterior)]);
    expect(byLabel.get('Ajustes aprobados')).toEqual([s.ajustes / 100, pesos(s.ajustes)]);
    expect(byLabel.get('Total del ciclo')).toEqual([35_672.83, '$ 35.672,83']);
    expect(byLabel.get('Referencia de pago')?.[1]).toBe('BANCOLOMBIA-000123');
    expect(byLabel.get('Saldo anterior: ciclo 2026-10')?.[0]).toBe(-3_000);
    const sheet = wb.getWorksheet('Líneas')!;
    const rows: unknown[][] = [];
    sheet.eachRow((r, i) => {
      if (i > 1) rows.push([1, 2, 3, 4, 5, 6, 7, 8].map((c) => r.getCell(c).value ?? null));
    });
    expect(rows).toEqual(
      body.lineas.data.map((l: any) => [
        l.compra_id,
        l.compra_referencia,
        l.nivel,
        l.referido,
        l.base / 100,
        l.porcentaje / 100,
        l.monto / 100,
        l.motivo,
      ]),
    );
  });
});

describe('member statement: who may read it', () => {
  const paths = () => [`${rowId}/extracto`, `${rowId}/extracto/datos`, `${rowId}/extracto/excel`];

  it('answers the row’s member and an administrator with the bonus permission', async () => {
    for (const p of paths()) {
      expect((await get(p, owner.cookie)).status, p).toBe(200);
      expect((await get(p, bonusAdmin)).status, p).toBe(200);
      expect((await get(p, admin)).status, p).toBe(200);
    }
  });

  it('answers another member 404, the same as a row that does not exist', async () => {
    for (const p of paths()) {
      const res = await json(p, other);
      expect(res.status, p).toBe(404);
      expect(res.body).toEqual((await json(p.replace(String(rowId), '999999'), other)).body);
    }
    expect((await get('999999/extracto', admin)).status).toBe(404);
  });

  it('refuses a visitor without a session (401)', async () => {
    for (const p of paths()) expect((await get(p)).status, p).toBe(401);
  });

  it('shows an administrator without “datos completos” only the last four digits of the document', async () => {
    const masked = await json(`${rowId}/extracto/datos`, bonusAdmin);
    expect(masked.body.data.miembro.documento).toBe('••••••4050');
    const full = await json(`${rowId}/extracto/datos`, admin);
    expect(full.body.data.miembro.documento).toBe('1020304050');
  });

  it('leaves a history row for each download', async () => {
    const before = await t.db.get<{ n: number }>(
      sql`select count(*) as n from state_history where entity = 'exportacion:extracto_bonos' and entity_id = ${rowId}`,
    );
    await get(`${rowId}/extracto`, bonusAdmin);
    await get(`${rowId}/extracto/excel`, bonusAdmin);
    const after = await t.db.get<{ n: number }>(
      sql`select count(*) as n from state_history where entity = 'exportacion:extracto_bonos' and entity_id = ${rowId}`,
    );
    expect(after!.n - before!.n).toBe(2);
  });
});

describe('member statement: 5,000 lines', () => {
  it('builds the PDF a database page at a time, every line and the sum included', async () => {
    const cookie = bigCookie;
    let peak = 0;
    const base = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed - base)), 5);
    const started = performance.now();
    const trips = t.hrana?.requests.length ?? 0;
    const res = await get(`${bigRowId}/extracto`, cookie);
    const pdf = await bytes(res);
    const ms = performance.now() - started;
    // Database round trips (counted where the database is the test's Hrana server, on workerd): the
    // session, the head's reads, 11 pages of 500 lines, the history row.
    const roundTrips = t.hrana ? t.hrana.requests.length - trips : null;
    if (roundTrips !== null) expect(roundTrips).toBeLessThanOrEqual(25);
    clearInterval(sampler);
    expect(res.status).toBe(200);
    const strings = pdfStrings(pdf);
    const { body } = await json(`${bigRowId}/extracto/datos`, cookie);
    expect(strings.filter((x) => /^#\d+ /.test(x))).toHaveLength(BIG);
    expect(strings[strings.indexOf('Suma de las líneas') + 1]).toBe(pesos(body.data.bonos));
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(70);
    // Every page carries its number out of the total (footers are drawn once the count is known).
    const footers = strings.filter((x) => new RegExp(` · Página \\d+ de ${pages}$`).test(x));
    expect(footers).toHaveLength(pages);
    expect(footers.some((x) => x.endsWith(`Página ${pages} de ${pages}`))).toBe(true);
    console.log(
      `[statement] ${t.target}: ${BIG} lines → ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms` +
        (roundTrips === null ? '' : `, ${roundTrips} database round trips`) +
        (t.target === 'node' ? `, test-process heap peak +${(peak / 2 ** 20).toFixed(1)} MiB` : ''),
    );
  }, 120_000);

  it('exports the 5,000 lines to Excel with the same sum', async () => {
    const cookie = bigCookie;
    const res = await get(`${bigRowId}/extracto/excel`, cookie);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const sheet = wb.getWorksheet('Líneas')!;
    let sum = 0;
    let n = 0;
    sheet.eachRow((r, i) => {
      if (i > 1) {
        n++;
        sum += Math.round(Number(r.getCell(7).value) * 100);
      }
    });
    const { body } = await json(`${bigRowId}/extracto/datos`, cookie);
    expect(n).toBe(BIG);
    expect(sum).toBe(body.data.bonos);
  }, 120_000);
});
