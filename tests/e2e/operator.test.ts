// Operator speed (issue 25) in a real browser: the role editor's permission tree.
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../../worker/db/schema';
import { E2E_ADMIN, loginAs, startE2E, type E2E } from '../setup/e2e';
import { expectFooter, shot } from './helpers';

let e2e: E2E;
let admin: Page;

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.page();
  await loginAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

describe('permission picker as a tree', () => {
  it('groups by area and section, counts, selects a whole group and searches', async () => {
    const page = admin;
    await page.goto('/app/configuracion/seguridad/roles/new');
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('ARBOL E2E');

    const config = page.getByRole('group', { name: 'Configuración', exact: true });
    await config.waitFor();
    await expect.poll(() => config.getByText('0 de 228', { exact: true }).first().isVisible()).toBe(true);
    // Areas start folded; a search opens every group it keeps.
    const search = page.getByLabel('Buscar permiso');
    await search.fill('bancos');
    const bancos = page.getByRole('group', { name: 'Bancos', exact: true });
    await bancos.getByRole('checkbox', { name: 'Seleccionar todos: Bancos' }).click();
    await poll(() => bancos.getByText('6 de 6', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Ver: Bancos' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    // Without the search, the area is part-selected and Configuración counts the six.
    await search.fill('');
    await poll(() => config.getByText('6 de 228', { exact: true }).first().isVisible()).toBe(true);
    expect(
      await page
        .getByRole('checkbox', { name: 'Seleccionar todos: Configuración' })
        .getAttribute('aria-checked'),
    ).toBe('mixed');
    const miPerfil = page.getByRole('group', { name: 'Mi perfil', exact: true });
    await page.getByRole('button', { name: 'Expandir Mi perfil' }).click();
    await page.getByRole('button', { name: 'Expandir Ojos' }).click();
    await miPerfil.getByRole('checkbox', { name: 'Ver: Ojos' }).click();
    await poll(() => page.getByRole('group', { name: 'Ojos' }).getByText('1 de 6').isVisible()).toBe(true);
    await shot(page, 'permission-tree');
    await expectFooter(page);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/seguridad\/roles(\?|$)/);
    const db = e2e.server.ports.db;
    const role = (await db.select().from(roles).where(eq(roles.nombre, 'ARBOL E2E')).get())!;
    const held = await db
      .select({ code: permissions.code })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, role.id));
    expect(held.map((p) => p.code).sort()).toEqual(
      [
        ...['view', 'new', 'edit', 'delete', 'export', 'import'].map(
          (a) => `app:general:configuracion:generales:bancos:${a}`,
        ),
        'app:general:configuracion:miperfil:ojos:view',
      ].sort(),
    );
  }, 90_000);
});
