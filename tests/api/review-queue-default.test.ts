// An item of a review queue opened by its plain URL (no `?filters=`, e.g. a bookmark or a link in
// a message) walks the same queue the list starts at: the PENDIENTE items. Before, a query
// without a state meant every state, so after a decision "siguiente" handed the reviewer an item
// already decided (or this very item again), and "1 de 2" counted decided items (decision 0300).
import { beforeAll, describe, expect, it } from 'vitest';
import { validacionesIdentidad } from '../../worker/db/schema';
import { P } from '../../worker/shared/permissions';
import { makeApp, type TestApp } from '../setup/app';

const QUEUE = '/api/v1/administracion/controlinformacionpersonal';
const filtered = (filters: Record<string, unknown>) =>
  `?filters=${encodeURIComponent(JSON.stringify(filters))}`;
let t: TestApp;
let cookie: string;
let valentina: number;
let carlos: number;
let diego: number;

/** A submitted identity validation of a new member, `minutes` after the clock's start. */
async function submitted(name: string, minutes: number, estado = 'PENDIENTE') {
  const member = await t.makeUser(name);
  const at = t.clock.now() - 60 * 60_000 + minutes * 60_000;
  const row = await t.db
    .insert(validacionesIdentidad)
    .values({ userId: member.id, estado, enviadoAt: at, createdAt: at, updatedAt: at })
    .returning()
    .get();
  return row.id;
}

const open = (id: number, query = '') => t.request('GET', `${QUEUE}/${id}${query}`, { cookie });
const next = (query = '') => t.request('POST', `${QUEUE}/siguiente${query}`, { cookie });
const decide = (id: number, estado: string) =>
  t.request('PUT', `${QUEUE}/estado/${id}`, { cookie, body: { estado, comentario: null } });

beforeAll(async () => {
  t = await makeApp();
  const u = await t.makeUser('revisora', [P.controlInformacionPersonal]);
  cookie = await u.session();
  // The oldest submission is already approved; two are pending.
  valentina = await submitted('valentina', 1, 'APROBADO');
  carlos = await submitted('carlos', 2);
  diego = await submitted('diego', 3);
});

describe('a queue item opened without the list query', () => {
  it('counts and walks the pending items only', async () => {
    const item = await open(carlos);
    expect(item.status).toBe(200);
    expect(item.json.data.queue).toEqual({ position: 1, total: 2, prev_id: null, next_id: diego });
  });

  it('after a decision, hands the next pending item, never a decided one', async () => {
    expect((await decide(carlos, 'APROBADO')).status).toBe(200);
    const taken = await next();
    expect(taken.status).toBe(200);
    expect(taken.json.data.id).toBe(diego);
    const item = await open(diego);
    expect(item.json.data.queue).toEqual({ position: 1, total: 1, prev_id: null, next_id: null });
  });

  it('answers "none left" with 200 and no item once the last pending item is decided', async () => {
    expect((await decide(diego, 'NO_APROBADO')).status).toBe(200);
    const none = await next();
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ data: null, message: 'No hay más solicitudes disponibles en esta cola.' });
  });

  it('a query naming no state (other filters, an empty state) means the pending items too', async () => {
    const pending = await submitted('eva', 4);
    expect((await next(filtered({ user_name: 'eva' }))).json.data.id).toBe(pending);
    expect((await next(filtered({ estado: '' }))).json.data.id).toBe(pending);
    expect((await open(pending, filtered({ email: 'eva' }))).json.data.queue.total).toBe(1);
  });

  it('a state the reviewer chose is still honoured', async () => {
    const approved = filtered({ estado: 'APROBADO' });
    expect((await next(approved)).json.data.id).toBe(valentina);
    const item = await open(carlos, approved);
    expect(item.json.data.queue).toEqual({ position: 2, total: 2, prev_id: valentina, next_id: null });
  });
});
