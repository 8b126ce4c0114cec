// A settlement that stopped half-way, as the administrator sees it (issue 12 §4): the cycle's row
// shows members done of members, its steps and the last error, and 'Reintentar' resumes it at its
// cursor until it is LIQUIDADO with the same totals an uninterrupted run gives.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciclosBonificacion, users } from '../../worker/db/schema';
import { settleStep } from '../../worker/modules/bonuses/settlement';
import { cycleWindow, previousCycleKey } from '../../worker/shared/cycles';
import { baseCatalogue, DAY, paid, subscribed } from '../setup/bonus-data';
import { E2E_ADMIN, type E2E, loginAs, startE2E } from '../setup/e2e';
import { makeUser, shot, visible } from './helpers';

const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];
const CLAVE = previousCycleKey(Date.now());
const LABEL = `${MONTHS[Number(CLAVE.slice(5)) - 1]} ${CLAVE.slice(0, 4)}`;
const WIN = cycleWindow(CLAVE);
const ERROR = 'La base de datos no respondió a tiempo';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.ports.db;
  await baseCatalogue(db);
  // A sponsor with three referrals who bought in the closed month: 10 % of each purchase.
  const sponsor = await makeUser(e2e, 'patrocinador', { role: 'USUARIO' });
  await subscribed(db, sponsor.id, WIN.start - 5 * DAY, Date.now() + 30 * DAY);
  for (const name of ['uno', 'dos', 'tres']) {
    const m = await makeUser(e2e, name, { role: 'USUARIO' });
    await db.update(users).set({ sponsorId: sponsor.id }).where(eq(users.id, m.id));
    await paid(db, m.id, 10_000_000, WIN.start + 2 * DAY);
  }
  // A run that wrote its first chunk (one member per chunk) and then died: the cursor is saved,
  // the lease released, the error recorded — what the runner leaves when a step fails.
  await settleStep(db, CLAVE, {
    now: Date.now(),
    origen: 'MANUAL',
    owner: 'e2e-run',
    chunk: 1,
    afterChunk: () => {
      throw new Error('killed');
    },
  }).catch(() => undefined);
  await db
    .update(ciclosBonificacion)
    .set({ ultimoError: ERROR, leaseUntil: null, leaseOwner: null })
    .where(eq(ciclosBonificacion.clave, CLAVE));
}, 180_000);

afterAll(async () => e2e?.close());

describe('settlement progress', () => {
  it('shows a stopped run with its progress and last error, and Reintentar finishes it', async () => {
    const db = e2e.server.ports.db;
    const before = (await db
      .select()
      .from(ciclosBonificacion)
      .where(eq(ciclosBonificacion.clave, CLAVE))
      .get())!;
    expect(before.estado).not.toBe('LIQUIDADO');
    expect(before.miembrosHechos).toBeGreaterThan(0);
    expect(before.miembrosHechos).toBeLessThan(before.miembros);

    const page = await e2e.page();
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/app/administracion/liquidacionbonos');
    const cycles = page.getByRole('table', { name: 'Ciclos de bonificación' });
    await visible(
      cycles.getByText(
        `${before.miembrosHechos} de ${before.miembros} miembros · ${before.pasos} ${before.pasos === 1 ? 'paso' : 'pasos'}`,
      ),
    );
    await visible(cycles.getByRole('alert').getByText(`Último error: ${ERROR}`));
    const pct = Number(await cycles.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(pct).toBeGreaterThan(0);
    expect(pct).toBeLessThan(100);
    await shot(page, 'settlement-stopped');

    await cycles.getByRole('button', { name: `Reintentar la liquidación de ${LABEL}` }).click();
    await visible(cycles.getByText('LIQUIDADO'));
    expect(await cycles.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // 10 % of three purchases of 100.000 pesos, each line written once despite the restart.
    await visible(cycles.getByText('$ 30.000,00'));
    const lines = await db.get<{ n: number }>(
      sql`select count(*) as n from ciclo_bonificacion_user_referido`,
    );
    expect(lines.n).toBe(3);
    expect(await cycles.getByRole('button', { name: /^Reintentar/ }).count()).toBe(0);
    await shot(page, 'settlement-resumed');
  }, 90_000);
});
