// Issue 8: each figure against a data set whose answer is known; a member gets only its own.
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { roles, userRoles } from '../../worker/db/schema';
import { ADMIN_ROLE } from '../../worker/platform/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { cycleWindow } from '../../worker/shared/cycles';
import { MEMBER_PERMISSIONS, P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, ORIGIN, type TestApp } from '../setup/app';
import { baseCatalogue, DAY, member, paid, subscribed } from '../setup/bonus-data';

const NOV = cycleWindow('2026-11');
let t: TestApp;
let admin: string;
let memberCookie: string;
let memberId: number;

beforeAll(async () => {
  t = await makeApp({ start: NOV.start + 20 * DAY });
  admin = await t.login(ADMIN.email, ADMIN.password);
  await baseCatalogue(t.db);
  const m = await t.makeUser('tablero', MEMBER_PERMISSIONS);
  memberId = m.id;
  memberCookie = await m.session();
  const referido = await member(t.db, 'ref_tablero', memberId);
  await subscribed(t.db, memberId, NOV.start - 10 * DAY, NOV.start + 25 * DAY); // ends within 30 days
  await paid(t.db, referido, 3_000_000, NOV.start + 2 * DAY);
  await paid(t.db, memberId, 1_500_000, NOV.start + 3 * DAY);
  await paid(t.db, memberId, 700_000, NOV.start + 4 * DAY, 'NO_PAGADO');
  await t.db.run(sql`update compras set pagado_at = null where estado = 'NO_PAGADO'`);
  await paid(t.db, memberId, 900_000, cycleWindow('2026-10').start + DAY);
});

describe('dashboard', () => {
  it('gives an administrator the platform figures', async () => {
    const res = await t.request('GET', '/api/v1/reports/dashboard', { cookie: admin });
    expect(res.status).toBe(200);
    const p = res.json.data.plataforma;
    expect(p.miembros_por_mes).toHaveLength(12);
    // 'tablero' only: the administrator is staff, and the referral was inserted with created_at 0.
    expect(p.miembros_por_mes.at(-1)).toEqual({ mes: '2026-11', valor: 1 });
    expect(p.suscripciones).toEqual({ activas: 1, vencen_30_dias: 1 });
    expect(p.compras_mes).toEqual({
      mes: '2026-11',
      no_pagado: { total: 1, valor: 700_000 },
      pagado: { total: 2, valor: 4_500_000 },
    });
    expect(p.ventas_por_mes.slice(-2)).toEqual([
      { mes: '2026-10', valor: 900_000 },
      { mes: '2026-11', valor: 4_500_000 },
    ]);
    expect(p.validacion_identidad).toEqual([
      { estado: 'PENDIENTE', total: 0 },
      { estado: 'APROBADO', total: 0 },
      { estado: 'NO_APROBADO', total: 0 },
    ]);
    expect(p.perfiles_pendientes).toEqual({ total: 0, dias_mas_antiguo: null, horas_mas_antiguo: null });
  });

  it('counts members, not staff: another administrator or a clerk leaves the count as it was', async () => {
    const joined = async () =>
      (
        await t.request('GET', '/api/v1/reports/dashboard', { cookie: admin })
      ).json.data.plataforma.miembros_por_mes.at(-1).valor;
    const before = await joined();
    const adminRole = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.nombre, ADMIN_ROLE))
      .get();
    const boss = await t.makeUser('otroadmin');
    await t.db.insert(userRoles).values({ userId: boss.id, roleId: adminRole!.id });
    await t.makeUser('cajera', [...MEMBER_PERMISSIONS, 'app:general:configuracion:generales:bancos:view']);
    expect(await joined()).toBe(before);
    // A role that grants only member screens, whatever its name, makes a member.
    await t.makeUser('premium', MEMBER_PERMISSIONS);
    expect(await joined()).toBe(before + 1);
    // An inactive role grants nothing: its holder is a member again.
    await t.db.update(roles).set({ activo: false }).where(eq(roles.nombre, 'ROL_CAJERA'));
    expect(await joined()).toBe(before + 2);
  });

  it('gives a member only its own figures', async () => {
    const res = await t.request('GET', '/api/v1/reports/dashboard', { cookie: memberCookie });
    expect(res.json.data.plataforma).toBeNull();
    expect(res.json.data.miembro).toMatchObject({
      suscripcion: { estado: 'APROBADO' },
      compras: { no_pagado: { total: 1, valor: 700_000 }, pagado: { total: 3, valor: 1_500_000 + 900_000 } },
      referidos: [
        { nivel: 1, total: 1 },
        { nivel: 2, total: 0 },
        { nivel: 3, total: 0 },
      ],
    });
  });

  it('refuses a user without the dashboard permission', async () => {
    const other = await (await t.makeUser('sintablero', [P.misCompras])).session();
    expect((await t.request('GET', '/api/v1/reports/dashboard', { cookie: other })).status).toBe(403);
  });
});

describe('account', () => {
  it('lists the open sessions and closes the others', async () => {
    const u = await t.makeUser('cuenta', MEMBER_PERMISSIONS);
    const a = await u.cookie();
    const b = await u.cookie();
    const res = await t.request('GET', '/api/v1/auth/account', { cookie: a });
    expect(res.json.data.email).toBe('cuenta@test.local');
    expect(res.json.data.sesiones).toHaveLength(2);
    expect(res.json.data.sesiones.filter((s: any) => s.actual)).toHaveLength(1);
    expect(JSON.stringify(res.json)).not.toMatch(/eyJ/);
    const closed = await t.request('POST', '/api/v1/auth/account/cerrar-otras', { cookie: a, body: {} });
    expect(closed.json.cerradas).toBe(1);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie: b })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/auth/session', { cookie: a })).status).toBe(200);
  });

  it('downloads the member’s own records as a workbook', async () => {
    const res = await t.fetch(`${ORIGIN}/api/v1/auth/account/export`, { headers: { Cookie: memberCookie } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Información personal',
      'Beneficiarios',
      'Información de pago',
      'Compras',
      'Suscripciones',
      'Bonos',
      'Notificaciones',
    ]);
    expect(wb.getWorksheet('Compras')!.rowCount).toBe(1 + 4);
  });
});
