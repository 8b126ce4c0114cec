// Bulk actions (issue 25, decision 0160): a state change over every row matching a queue's
// filter runs in bounded steps with progress, gives each record its own history row carrying
// the batch id, never changes a row twice on a retry or a repeated step, and is refused (403,
// nothing changed) to a user without the single-row action's permission.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

const N = 10_000;
const QUEUE = '/api/v1/administracion/perfil/control';
const PUBLISH = '/api/v1/administracion/publicaciones/control';

let t: TestApp;
let admin: string;

/** Members with submitted profiles, inserted in two statements (the fastest honest path). */
async function seedProfiles(n: number, prefix: string) {
  const at = t.clock.now();
  await t.db.run(sql`
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n})
    insert into users (email, user_name, password_hash, referral_code, created_at, updated_at)
    select ${prefix} || i || '@bulk.local', ${prefix} || i, 'x', ${prefix} || i, ${at}, ${at} from seq`);
  await t.db.run(sql`
    insert into perfiles (user_id, estado, estado_publicacion, enviado_at, created_at, updated_at)
    select id, 'PENDIENTE', 'PENDIENTE', ${at}, ${at}, ${at} from users where email like ${`${prefix}%@bulk.local`}`);
}

const count = async (query: ReturnType<typeof sql>) => Number(((await t.db.get(query)) as { n: number }).n);

beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  await seedProfiles(N, 'bk');
}, 120_000);

describe('bulk state change', () => {
  let lote = '';

  it('changes every row matching the filter in bounded steps, one history row each with the batch id', async () => {
    const filtros = { filters: JSON.stringify({ estado: 'PENDIENTE' }) };
    const start = await t.request('POST', `${QUEUE}/lote/estado`, {
      cookie: admin,
      body: { filtros, estado: 'APROBADO', comentario: 'Revisado en lote' },
    });
    expect(start.status).toBe(201);
    lote = start.json.data.lote;
    expect(start.json.data.total).toBe(N);
    // The first step stops at its budget: the grid shows progress, then drives the rest.
    expect(start.json.data.terminado).toBe(false);
    const seen = [start.json.data.procesados];
    let progress = start.json.data;
    while (!progress.terminado) {
      const step = await t.request('POST', `${QUEUE}/lote/estado/${lote}`, { cookie: admin });
      expect(step.status).toBe(200);
      progress = step.json.data;
      seen.push(progress.procesados);
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(progress).toMatchObject({ total: N, procesados: N, hechos: N, omitidos: 0, terminado: true });

    expect(await count(sql`select count(*) as n from state_history where lote = ${lote}`)).toBe(N);
    expect(
      await count(sql`select count(distinct entity_id) as n from state_history where lote = ${lote}
        and entity = 'perfil' and from_state = 'PENDIENTE' and to_state = 'APROBADO'
        and comentario = 'Revisado en lote'`),
    ).toBe(N);
    expect(await count(sql`select count(*) as n from perfiles where estado = 'APROBADO'`)).toBe(N);
    const got = await t.request('GET', `${QUEUE}/lote/estado/${lote}`, { cookie: admin });
    expect(got.json.data).toMatchObject({ hechos: N, terminado: true });
  }, 300_000);

  it('never changes a row twice: a repeated step, and the same action again, write nothing', async () => {
    const again = await t.request('POST', `${QUEUE}/lote/estado/${lote}`, { cookie: admin });
    expect(again.json.data).toMatchObject({ hechos: N, procesados: N, terminado: true });
    const before = await count(sql`select count(*) as n from state_history`);
    // The same rows sent again (e.g. the user pressed twice): each is already APROBADO.
    const ids = (await t.db.all(sql`select id from perfiles order by id limit 500`)) as { id: number }[];
    const retry = await t.request('POST', `${QUEUE}/lote/estado`, {
      cookie: admin,
      body: { ids: ids.map((r) => r.id), estado: 'APROBADO' },
    });
    expect(retry.status).toBe(201);
    expect(retry.json.data).toMatchObject({ total: 500, hechos: 0, omitidos: 500, terminado: true });
    expect(await count(sql`select count(*) as n from state_history`)).toBe(before);
  }, 120_000);

  it('runs one step at a time: concurrent steps of one batch change each row once', async () => {
    const ids = (
      (await t.db.all(sql`select id from perfiles order by id limit 1200`)) as { id: number }[]
    ).map((r) => r.id);
    const start = await t.request('POST', `${PUBLISH}/lote/estado`, {
      cookie: admin,
      body: { ids, estado: 'PUBLICADO' },
    });
    expect(start.status).toBe(201);
    let progress = start.json.data;
    while (!progress.terminado) {
      const steps = await Promise.all(
        [1, 2, 3].map(() => t.request('POST', `${PUBLISH}/lote/estado/${progress.lote}`, { cookie: admin })),
      );
      progress = steps.map((s) => s.json.data).sort((a, b) => b.procesados - a.procesados)[0];
    }
    expect(progress).toMatchObject({ total: 1200, hechos: 1200 });
    expect(await count(sql`select count(*) as n from state_history where lote = ${progress.lote}`)).toBe(
      1200,
    );
    expect(
      await count(sql`select count(*) as n from (select entity_id from state_history where lote = ${progress.lote}
        group by entity_id having count(*) > 1)`),
    ).toBe(0);
  }, 120_000);

  it('refuses a user without the queue permission (403) and changes nothing', async () => {
    const viewer = await (await t.makeUser('miron', [P.historicoEstados])).session();
    const before = await count(sql`select count(*) as n from state_history`);
    const ids = ((await t.db.all(sql`select id from perfiles limit 5`)) as { id: number }[]).map((r) => r.id);
    const res = await t.request('POST', `${QUEUE}/lote/estado`, {
      cookie: viewer,
      body: { ids, estado: 'NO_APROBADO' },
    });
    expect(res.status).toBe(403);
    expect(await count(sql`select count(*) as n from state_history`)).toBe(before);
    expect(await count(sql`select count(*) as n from perfiles where estado = 'NO_APROBADO'`)).toBe(0);
    // Another user's batch is not his to drive or read.
    const step = await t.request(
      'POST',
      `${QUEUE}/lote/estado/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
      {
        cookie: admin,
      },
    );
    expect(step.status).toBe(404);
  });

  it('answers bad selections with a Spanish 422', async () => {
    const none = await t.request('POST', `${QUEUE}/lote/estado`, {
      cookie: admin,
      body: { ids: [], estado: 'APROBADO' },
    });
    expect(none.status).toBe(422);
    expect(none.json.message).toBe('No hay registros seleccionados.');
    const both = await t.request('POST', `${QUEUE}/lote/estado`, {
      cookie: admin,
      body: { estado: 'APROBADO' },
    });
    expect(both.status).toBe(422);
    const nothing = await t.request('POST', `${QUEUE}/lote/estado`, {
      cookie: admin,
      body: { filtros: { filters: JSON.stringify({ user_name: 'nadie-asi' }) }, estado: 'APROBADO' },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.json.message).toBe('No hay registros seleccionados.');
  });
});
