// The product as users reach it: the SPA served as static assets and the bundled Worker in workerd
// (`wrangler dev`, the same shape as `npm run preview:edge` and as Pages + Workers in production),
// its database over Hrana, R2 simulated. Chromium signs in, reads a grid, saves a record, downloads
// the grid's Excel and signs out — every request answered by the Worker, none by the Node entry.
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgePreview, type EdgePreview } from '../../worker/tools/edge-preview';
import { ensureSpaBuilt, FOOTER, openBrowser } from '../setup/e2e';
import { savedDownload, visible } from './helpers';

const ADMIN = { email: 'admin@edge.local', password: 'Admin-Edge-12345' };
let dir: string;
let preview: EdgePreview;
let browser: Browser;

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

beforeAll(async () => {
  ensureSpaBuilt();
  dir = mkdtempSync(join(tmpdir(), 'edge-browser-'));
  preview = await startEdgePreview({
    dir,
    port: await freePort(),
    admin: ADMIN,
    secrets: {
      jwtSecret: 'edge-browser-secret-edge-browser-secret!!',
      pepper: 'edge-browser-pepper',
      filesKey: 'edge-browser-files-key-edge-browser-files-key',
    },
    output: 'collect',
  });
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the SPA on the Worker (workerd), in Chromium', () => {
  it('signs in, reads a grid, saves a record, downloads its Excel and signs out', async () => {
    const ctx = await browser.newContext({
      baseURL: preview.origin,
      locale: 'es-CO',
      viewport: { width: 1280, height: 860 },
      acceptDownloads: true,
    });
    const page = await ctx.newPage();
    // The page comes from the static assets with their _headers (as on Pages).
    const login = await page.goto('/login');
    expect(login!.status()).toBe(200);
    expect(login!.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByLabel('Correo electrónico', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
    const signIn = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const answer = await signIn;
    expect(answer.status()).toBe(200);
    expect(await answer.headerValue('set-cookie')).toMatch(/token=[^;]+;.*HttpOnly/i);
    await page.waitForURL(/\/app\//);
    await visible(page.getByText(FOOTER, { exact: true }));

    // A grid of the real reference data (loaded on first start), then a new record through the form.
    await page.goto('/app/configuracion/generales/parentesco');
    const grid = page.getByRole('table');
    await visible(grid.getByRole('cell', { name: 'Hija', exact: true }));
    await page.getByRole('link', { name: 'Nuevo', exact: true }).click();
    await page.waitForURL(/\/parentesco\/new$/);
    // The form's own chunk may still be loading while the URL has changed (the grid, with its own
    // 'Nombre' filter, stays on screen until then).
    await visible(page.getByRole('heading', { name: 'Parentescos: nuevo registro', level: 1 }));
    await page.getByLabel('Nombre', { exact: true }).fill('Padrino');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/v1/general/parentescos'),
    );
    await page.getByRole('button', { name: 'Guardar' }).click();
    expect((await saved).status()).toBe(201);
    await visible(page.getByText('Registro creado correctamente').first());
    await page.goto(
      '/app/configuracion/generales/parentesco?filters=' +
        encodeURIComponent(JSON.stringify({ nombre: 'Padrino' })),
    );
    await visible(page.getByRole('table').getByRole('cell', { name: 'Padrino', exact: true }));

    // The grid's Excel, streamed by the Worker, opened as a workbook.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const file = await savedDownload(await download);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file!) as never);
    const names = book.worksheets[0]!.getColumn(2).values.filter((v) => typeof v === 'string');
    expect(names).toContain('Padrino');

    // Signing out ends the session on the server: the old cookie no longer reads anything.
    const cookie = (await ctx.cookies()).find((c) => c.name === 'token')!;
    await page.getByRole('button', { name: 'Menú de usuario', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await page.waitForURL(/\/login/);
    const after = await fetch(`${preview.origin}/api/v1/auth/session`, {
      headers: { Cookie: `token=${cookie.value}` },
    });
    expect(after.status).toBe(401);
    await ctx.close();
  }, 120_000);
});
