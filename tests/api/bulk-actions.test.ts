// Bulk actions (issue 25, decision 0160): a state change over every row matching a queue's
// filter runs in bounded steps with progress, gives each record its own history row carrying
// the batch id, never changes a row twice on a retry or a repeated step, and is refused (403,
// nothing changed) to a user without the single-row action's permission.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { P } from '../../worker/shared/permissions';
import { RESOURCES } from '../../worker/shared/resources';
import { ADMIN, makeApp, type TestApp } from '../setup/app';
import { validBody } from '../setup/resource-bodies';

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

describe('bulk actions on a registry table', () => {
  const OJOS = RESOURCES.find((r) => r.key === 'ojos')!;
  const base = `/api/v1${OJOS.endpoint}`;
  const perm = (a: string) => `app:general:configuracion:${OJOS.section}:${a}`;
  const ids: number[] = [];

  beforeAll(async () => {
    const defs = new Map(RESOURCES.map((r) => [r.key as string, r]));
    for (let i = 0; i < 4; i++) {
      const res = await t.request('POST', base, {
        cookie: admin,
        body: await validBody(t, admin, OJOS, defs),
      });
      expect(res.status).toBe(201);
      ids.push(res.json.data.id);
    }
  });

  const activeCount = async () =>
    count(
      sql`select count(*) as n from ${sql.identifier(`mp_${OJOS.key}`)} where activo = 1 and id in ${ids}`,
    );

  it('refuses deactivating to a user who may only view, and changes nothing', async () => {
    const viewer = await (await t.makeUser('solover', [perm('view')])).session();
    expect((await t.request('GET', base, { cookie: viewer })).status).toBe(200);
    const res = await t.request('POST', `${base}/lote/desactivar`, { cookie: viewer, body: { ids } });
    expect(res.status).toBe(403);
    expect(await activeCount()).toBe(4);
    const del = await t.request('POST', `${base}/lote/eliminar`, { cookie: viewer, body: { ids } });
    expect(del.status).toBe(403);
  });

  it('deactivates the chosen rows and activates all that match a filter, one history row each', async () => {
    const editor = await (await t.makeUser('editorojos', [perm('view'), perm('edit')])).session();
    const off = await t.request('POST', `${base}/lote/desactivar`, {
      cookie: editor,
      body: { ids: ids.slice(0, 3) },
    });
    expect(off.status).toBe(201);
    expect(off.json.data).toMatchObject({ total: 3, hechos: 3, terminado: true });
    expect(await activeCount()).toBe(1);
    expect(
      await count(sql`select count(*) as n from state_history where lote = ${off.json.data.lote}
        and entity = ${OJOS.key} and from_state = 'ACTIVO' and to_state = 'INACTIVO'`),
    ).toBe(3);
    // "All matching the filter": the inactive ones; the active one is not touched.
    const on = await t.request('POST', `${base}/lote/activar`, {
      cookie: editor,
      body: { filtros: { filters: JSON.stringify({ activo: false }) } },
    });
    expect(on.json.data).toMatchObject({ total: 3, hechos: 3 });
    expect(await activeCount()).toBe(4);
    // Without the delete permission, no delete.
    expect((await t.request('POST', `${base}/lote/eliminar`, { cookie: editor, body: { ids } })).status).toBe(
      403,
    );
  });

  it('deletes where allowed', async () => {
    const res = await t.request('POST', `${base}/lote/eliminar`, {
      cookie: admin,
      body: { ids: ids.slice(0, 2) },
    });
    expect(res.json.data).toMatchObject({ total: 2, hechos: 2, omitidos: 0 });
    expect((await t.request('GET', `${base}/${ids[0]}`, { cookie: admin })).status).toBe(404);
    expect((await t.request('GET', `${base}/${ids[2]}`, { cookie: admin })).status).toBe(200);
  });
});
