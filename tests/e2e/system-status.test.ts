// Administración → Estado del sistema in Chromium (docs/decisions/0350): after the monthly cron
// settled the closed month, the screen shows each job's run (the backup never run), and a reset
// mail the e-mail API refused is in the mail queue; "Reenviar" delivers it once the API answers.
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../worker/db/schema';
import { runScheduled } from '../../worker/modules/jobs';
import { cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { baseCatalogue, DAY, paid, subscribed } from '../setup/bonus-data';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { expectFooter, makeUser, shot, visible } from './helpers';

let e2e: E2E;
let api: Server;
let answer = 503;
const delivered: string[] = [];
const CLAVE = previousCycleKey(Date.now());

beforeAll(async () => {
  api = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      if (answer < 300) delivered.push((JSON.parse(raw) as { to: string }).to);
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => api.listen(0, '127.0.0.1', ok));
  e2e = await startE2E({
    mailApi: { url: `http://127.0.0.1:${(api.address() as AddressInfo).port}/emails`, key: 'k' },
  });
  const db = e2e.server.ports.db;
  await baseCatalogue(db);
  const win = cycleWindow(CLAVE);
  const sponsor = await makeUser(e2e, 'patrocinadora', { role: 'USUARIO' });
  await subscribed(db, sponsor.id, win.start - 5 * DAY, Date.now() + 30 * DAY);
  const referral = await makeUser(e2e, 'referida', { role: 'USUARIO' });
  await db.update(users).set({ sponsorId: sponsor.id }).where(eq(users.id, referral.id));
  await paid(db, referral.id, 10_000_000, win.start + 2 * DAY);
  // The monthly trigger at 00:00 Bogotá on the 1st: settles the month just closed.
  await runScheduled(e2e.server.ports, '0 5 1 * *', win.end + 5 * 3_600_000);
  // A reset mail the e-mail API refuses.
  const reset = await fetch(`${e2e.base}/api/v1/auth/createResetRequest`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: e2e.base },
    body: JSON.stringify({ email: sponsor.email }),
  });
  expect(reset.status).toBe(200);
  await e2e.lastMail(sponsor.email);
}, 180_000);

afterAll(async () => {
  await e2e?.close();
  await new Promise((ok) => api?.close(ok));
});

describe('system status screen', () => {
  it('shows the jobs after a settlement and resends a failed mail from the mail queue', async () => {
    const failed = await e2e.server.ports.db.select().from(outbox).where(eq(outbox.estado, 'FALLIDO'));
    expect(failed).toHaveLength(1);
    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/administracion/estado-sistema');
    await visible(page.getByRole('heading', { name: 'Estado del sistema' }));
    const settle = page.locator('[data-job="liquidacion"]');
    await visible(settle);
    expect(await settle.innerText()).toContain('Correcta');
    // The backup runs on the daily trigger only: it has never run.
    expect(await page.locator('[data-job="respaldo"]').innerText()).toContain('Nunca se ha ejecutado');
    const mail = page.locator('[data-queue="correo"]');
    expect(await mail.innerText()).toContain('1 fallido');
    expect(await mail.innerText()).toContain('El servicio de correo respondió 503');
    await expectFooter(page);
    await shot(page, 'estado-sistema-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'estado-sistema-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 1280, height: 860 });

    answer = 202;
    await mail.getByRole('button', { name: /^Reenviar/ }).click();
    await visible(page.getByText('Reenviado'));
    await visible(mail.getByText('Nada fallido.'));
    expect(delivered).toHaveLength(1);
    const row = await e2e.server.ports.db.select().from(outbox).where(eq(outbox.id, failed[0]!.id)).get();
    expect(row).toMatchObject({ estado: 'ENVIADO', intentos: 2 });
  }, 120_000);
});
