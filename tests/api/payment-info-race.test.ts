// Issue 22: two first saves of a member's payment details that race (two tabs) leave one row;
// the second is told who saved first (409), as any stale edit is, instead of failing on the
// unique index with a 500. The race is made exact by starting both saves before either writes:
// each reads "no row yet", then both write.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { savePaymentInfo } from '../../worker/modules/profile/payment';
import { HttpError } from '../../worker/platform/errors';
import { makeApp, type TestApp } from '../setup/app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});

describe('payment details, first save', () => {
  it('two first saves started together: one row, one revision, the second gets 409 naming the first', async () => {
    const u = await t.makeUser('carrera', []);
    await t.db.run(
      sql`insert into metodos_pago (nombre, tipo, activo, created_at, updated_at) values ('Nequi carrera', 'NEQUI', 1, 0, 0)`,
    );
    const { id: metodo } = (await t.db.get<{ id: number }>(
      sql`select id from metodos_pago where nombre = 'Nequi carrera'`,
    ))!;
    const actor = { userId: u.id, ip: null, userAgent: null, at: t.clock.now() };
    const save = (titular: string) =>
      savePaymentInfo(t.db, u.id, { metodoPagoId: metodo, titular, updatedAt: actor.at }, undefined, actor);
    const results = await Promise.allSettled([save('Primera pestaña'), save('Segunda pestaña')]);

    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(HttpError);
    expect(refused.reason.status).toBe(409);
    expect(refused.reason.message).toMatch(/^El registro fue modificado por carrera el /);
    const rows = await t.db.all<{ titular: string }>(
      sql`select titular from informacion_pago where user_id = ${u.id}`,
    );
    expect(rows).toEqual([{ titular: 'Primera pestaña' }]);
    const revisions = await t.db.all(
      sql`select 1 from revisions where entity = 'informacion_pago' and activity_id <> 0 and entity_id in (select id from informacion_pago where user_id = ${u.id})`,
    );
    expect(revisions).toHaveLength(1);
  });
});
