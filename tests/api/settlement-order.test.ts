// Decision 0215 through the API: months settle in order. "Liquidar" on a month while an earlier
// cycle is still open answers 409 naming the earliest open month in Spanish (decision 0280), writes
// nothing, and settles once the earlier months are closed; on Node and on the Worker alike.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cycleWindow } from '../../worker/shared/cycles';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { DAY } from '../setup/bonus-data';

let t: TestApp;
let admin: string;

/** A cycle a run left open (as a stopped Workflow or a crashed step leaves it). */
const openCycle = (clave: string) => {
  const w = cycleWindow(clave);
  return t.db.run(sql`insert into ciclos_bonificacion (clave, inicio, fin, iniciado_at, origen, hasta, cursor)
    values (${clave}, ${w.start}, ${w.end}, ${w.end + DAY}, 'cron', 0, 0)`);
};
const settle = (clave: string) =>
  t.request('POST', '/api/v1/bonos/ciclos/liquidar', { cookie: admin, body: { clave } });
const cycleRows = (clave: string) =>
  t.db.all<{ estado: string }>(sql`select estado from ciclos_bonificacion where clave = ${clave}`);

beforeAll(async () => {
  t = await makeApp({ start: cycleWindow('2027-01').start + 2 * DAY });
  admin = await t.login(ADMIN.email, ADMIN.password);
  // October opened first, September after it: the reply names the earliest month, not the newest row.
  await openCycle('2026-10');
  await openCycle('2026-09');
});

describe('settling a month while an earlier one is open', () => {
  it('answers 409 naming the earliest open month, writes nothing, and settles once the earlier months close', async () => {
    const waiting = await settle('2026-11');
    expect(waiting.status, waiting.text).toBe(409);
    expect(waiting.json.message).toBe('Primero debe terminar la liquidación de septiembre de 2026.');
    expect(await cycleRows('2026-11')).toEqual([]);

    expect((await settle('2026-09')).json.data).toMatchObject({ estado: 'LIQUIDADO' });
    const still = await settle('2026-11');
    expect(still.status).toBe(409);
    expect(still.json.message).toBe('Primero debe terminar la liquidación de octubre de 2026.');

    expect((await settle('2026-10')).json.data).toMatchObject({ estado: 'LIQUIDADO' });
    const run = await settle('2026-11');
    expect(run.status, run.text).toBe(200);
    expect(run.json.data).toMatchObject({ estado: 'LIQUIDADO', segundoPlano: false });
    expect(await cycleRows('2026-11')).toEqual([{ estado: 'LIQUIDADO' }]);
  });

  it('still answers "ya estaba liquidado" for a settled month, whatever is open before it', async () => {
    await t.db.run(sql`update ciclos_bonificacion set estado = 'EN_PROCESO' where clave = '2026-10'`);
    const again = await settle('2026-11');
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ estado: 'YA_LIQUIDADO' });
  });
});
