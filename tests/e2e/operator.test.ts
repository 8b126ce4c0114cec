// Operator speed (issue 25) in a real browser: the role editor's permission tree, a bulk state
// change of 10,000 queue rows with its progress bar.
import type { Page } from 'playwright-core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../../worker/db/schema';
import { PERMISSIONS } from '../../worker/shared/permissions';
import { E2E_ADMIN, loginAs, startE2E, type E2E } from '../setup/e2e';
import { expectFooter, makeUser, shot } from './helpers';

/** Configuration permissions in the catalogue (six per registry section). */
const CONFIG_COUNT = PERMISSIONS.filter((p) => p.grupo === 'Configuración').length;

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
    await expect
      .poll(() => config.getByText(`0 de ${CONFIG_COUNT}`, { exact: true }).first().isVisible())
      .toBe(true);
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
    await poll(() => config.getByText(`6 de ${CONFIG_COUNT}`, { exact: true }).first().isVisible()).toBe(
      true,
    );
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

describe('bulk actions', () => {
  it('changes the state of 10,000 queue rows with progress, one history row each under one batch id', async () => {
    const db = e2e.server.ports.db;
    const at = Date.now();
    const N = 10_000;
    // The fastest honest path: members and their submitted profiles in two statements.
    await db.run(sql`
      with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${N})
      insert into users (email, user_name, password_hash, referral_code, created_at, updated_at)
      select 'lote' || i || '@e2e.local', 'lote' || i, 'x', 'LT' || i, ${at}, ${at} from seq`);
    await db.run(sql`
      insert into perfiles (user_id, estado, estado_publicacion, enviado_at, created_at, updated_at)
      select id, 'PENDIENTE', 'PENDIENTE', ${at}, ${at}, ${at} from users where email like 'lote%@e2e.local'`);

    const page = admin;
    await page.goto('/app/administracion/perfil/control');
    await page.getByRole('heading', { name: 'Control de perfiles', level: 1 }).waitFor();
    await page
      .getByRole('checkbox', { name: 'Seleccionar las filas de esta página: Control de perfiles' })
      .click();
    const bar = page.getByRole('region', { name: 'Acciones en lote' });
    await bar
      .getByRole('button', { name: 'Seleccionar todos los 10,000 que coinciden con el filtro' })
      .click();
    await bar.getByText('Todos los 10,000 que coinciden con el filtro').waitFor();
    await bar.getByRole('button', { name: 'Cambiar estado' }).click();

    const dialog = page.getByRole('dialog', { name: 'Cambiar estado' });
    await dialog.getByText('Se aplicará a 10,000 registros.').waitFor();
    await dialog.getByLabel('Nuevo estado').selectOption('APROBADO');
    await dialog.getByLabel('Comentario').fill('Aprobados en lote');
    // The e2e server shares this process, whose event loop a step keeps busy: the page itself
    // records every value the bar shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { barValues: string[] }).barValues = seen;
      new MutationObserver(() => {
        const v = document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow');
        if (v && seen.at(-1) !== v) seen.push(v);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog.getByText('Listo: 10,000 registros actualizados.').waitFor({ timeout: 180_000 });
    // The bar moved through the steps before the batch was done.
    const seen = await page.evaluate(() => (window as unknown as { barValues: string[] }).barValues);
    expect(seen.at(-1)).toBe(String(N));
    expect(seen.some((v) => Number(v) > 0 && Number(v) < N)).toBe(true);
    await shot(page, 'bulk-progress');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();

    const rows = (await db.all(sql`select lote, count(*) as n, count(distinct entity_id) as ids
      from state_history where entity = 'perfil' and to_state = 'APROBADO'
      and comentario = 'Aprobados en lote' group by lote`)) as { lote: string; n: number; ids: number }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lote).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(rows[0]!.n)).toBe(N);
    expect(Number(rows[0]!.ids)).toBe(N);
    // The queue (PENDIENTE) is now empty.
    await page.getByText('No hay datos para mostrar...').waitFor();
    await expectFooter(page);
  }, 240_000);
});

describe('saved views', () => {
  it('shows a view shared with a role to another user of that role, and not to others', async () => {
    const bancosView = 'app:general:configuracion:generales:bancos:view';
    const uno = await makeUser(e2e, 'vista.uno', { perms: [bancosView] });
    const dos = await makeUser(e2e, 'vista.dos', { role: 'ROL_VISTA.UNO' });
    const tres = await makeUser(e2e, 'vista.tres', { perms: [bancosView] });
    expect(uno.id).toBeGreaterThan(0);

    const grid = '/app/configuracion/generales/bancos';
    const filters = encodeURIComponent(JSON.stringify({ nombre: 'Central' }));
    await admin.goto(`${grid}?filters=${filters}`);
    await admin.getByRole('heading', { name: 'Bancos', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Vistas' }).click();
    await admin.getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Guardar vista' });
    await dialog.getByLabel('Nombre').fill('Bancos centrales');
    await dialog.getByLabel('Quién la ve').selectOption('ROL');
    await dialog.getByLabel('Rol', { exact: true }).selectOption({ label: 'ROL_VISTA.UNO' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const page = await e2e.page();
    await loginAs(page, dos.email, dos.password);
    await page.goto(grid);
    await page.getByRole('heading', { name: 'Bancos', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Vistas' }).click();
    await page.getByRole('menuitem', { name: /Bancos centrales/ }).click();
    await poll(() => decodeURIComponent(new URL(page.url()).search)).toContain('"nombre":"Central"');
    await shot(page, 'saved-view-applied');

    const other = await e2e.page();
    await loginAs(other, tres.email, tres.password);
    await other.goto(grid);
    await other.getByRole('heading', { name: 'Bancos', level: 1 }).waitFor();
    await other.getByRole('button', { name: 'Vistas' }).click();
    await other.getByText('Aún no hay vistas guardadas.').waitFor();
    expect(await other.getByRole('menuitem', { name: /Bancos centrales/ }).count()).toBe(0);
  }, 120_000);
});

describe('saved views: rename and delete', () => {
  it('renames a view in place and deletes it only after the confirmation', async () => {
    const page = admin;
    await page.goto('/app/configuracion/generales/bancos?perPage=25');
    await page.getByRole('heading', { name: 'Bancos', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Vistas' }).click();
    await page.getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
    const save = page.getByRole('dialog', { name: 'Guardar vista' });
    await save.getByLabel('Nombre').fill('Bancos de prueba');
    await save.getByRole('button', { name: 'Guardar' }).click();
    await save.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Vistas' }).click();
    await page.getByRole('menuitem', { name: 'Administrar vistas…' }).click();
    const manage = page.getByRole('dialog', { name: 'Administrar vistas' });
    await manage.getByRole('button', { name: 'Renombrar vista Bancos de prueba' }).click();
    await manage.getByLabel('Nuevo nombre').fill('Bancos revisados');
    await manage.getByRole('button', { name: 'Guardar' }).click();
    await manage.getByRole('button', { name: 'Eliminar vista Bancos revisados' }).waitFor();

    // Cancelling the confirmation keeps the view; confirming deletes it.
    await manage.getByRole('button', { name: 'Eliminar vista Bancos revisados' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Eliminar vista' });
    await confirm.getByText('Seguro desea eliminar la vista «Bancos revisados»?').waitFor();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await manage.getByRole('button', { name: 'Eliminar vista Bancos revisados' }).count()).toBe(1);
    await manage.getByRole('button', { name: 'Eliminar vista Bancos revisados' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await manage
      .getByRole('button', { name: 'Eliminar vista Bancos revisados' })
      .waitFor({ state: 'detached' });
    await manage.getByRole('button', { name: 'Cerrar' }).first().click();
    await manage.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Vistas' }).click();
    expect(await page.getByRole('menuitem', { name: /Bancos (de prueba|revisados)/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
  }, 120_000);
});

describe('keyboard', () => {
  // The '?' list and "not while typing" are UI logic: tests/components/shortcuts.test.tsx.
  it('opens Nuevo with N and saves the form with Ctrl+S', async () => {
    const page = admin;
    await page.goto('/app/configuracion/miperfil/ojos');
    await page.getByRole('heading', { name: 'Ojos', level: 1 }).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('n');
    await page.waitForURL(/\/ojos\/new$/);
    // The URL changes before the lazy form replaces the list (whose filters have a «Nombre» too).
    const form = page.getByRole('form', { name: /^Nuevo / });
    await form.getByLabel('Nombre', { exact: true }).fill('Grises por teclado');
    await form.getByLabel('Nombre', { exact: true }).press('Control+s');
    await page.waitForURL(/\/ojos(\?|$)/);
    const db = e2e.server.ports.db;
    const row = await db.get(sql`select nombre from mp_ojos where nombre = 'Grises por teclado'`);
    expect(row).toBeTruthy();
  }, 90_000);
});

describe('confirming payments in bulk', () => {
  it('«Confirmar pago» asks for no state, warns, and skips a purchase whose receipt was rejected, saying why', async () => {
    const db = e2e.server.ports.db;
    const at = Date.now();
    const [u] = await db.all<{
      id: number;
    }>(sql`insert into users (email, user_name, password_hash, referral_code, created_at, updated_at)
      values ('pagos.lote@e2e.local', 'pagoslote', 'x', 'PGLOTE', ${at}, ${at}) returning id`);
    const ids: number[] = [];
    for (const rechazo of [null, 'El valor no coincide']) {
      const [c] = await db.all<{
        id: number;
      }>(sql`insert into compras (user_id, checkout_key, total_items, total, estado, rechazo_motivo, rechazado_at, created_at, updated_at)
        values (${u!.id}, ${`lote:${rechazo ?? 'ok'}`}, 1, 5000000, 'NO_PAGADO', ${rechazo}, ${rechazo ? at : null}, ${at}, ${at}) returning id`);
      ids.push(c!.id);
    }
    const page = admin;
    await page.goto(
      `/app/administracion/compras/?filters=${encodeURIComponent(JSON.stringify({ user_name: 'pagoslote' }))}`,
    );
    for (const id of ids) await page.getByRole('checkbox', { name: `Seleccionar fila ${id}` }).click();
    await page
      .getByRole('region', { name: 'Acciones en lote' })
      .getByRole('button', { name: 'Confirmar pago' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar pago' });
    await dialog
      .getByText(
        /Se aplicará a 2 registros\. Se omiten las compras ya pagadas y las de comprobante rechazado/,
      )
      .waitFor();
    expect(await dialog.getByLabel('Nuevo estado').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await dialog
      .getByText(
        'Listo: 1 pago confirmado, 1 omitido (ya estaban pagadas o su comprobante fue rechazado: esas se confirman una por una).',
      )
      .waitFor();
    await shot(page, 'bulk-confirm-payment');
    const estados = await db.all(
      sql`select estado from compras where id in (${ids[0]!}, ${ids[1]!}) order by id`,
    );
    expect(estados).toEqual([{ estado: 'PAGADO' }, { estado: 'NO_PAGADO' }]);
  }, 90_000);
});
