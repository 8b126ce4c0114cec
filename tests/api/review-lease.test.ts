// Review-queue leases (issue 22 item 3, decision 0121): the item a reviewer opens is held for them
// for a few minutes; two reviewers asking for the next item at once get different items; the hold
// ends when the reviewer decides or when it expires.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewLeases, validacionesIdentidad } from '../../worker/db/schema';
import { REVIEW_LEASE_MS } from '../../worker/modules/review/lease';
import { P } from '../../worker/shared/permissions';
import { makeApp, type TestApp } from '../setup/app';

const QUEUE = '/api/v1/administracion/controlinformacionpersonal';
const PENDING = `?filters=${encodeURIComponent(JSON.stringify({ estado: 'PENDIENTE' }))}`;
let t: TestApp;
let ana: { id: number; cookie: string };
let beto: { id: number; cookie: string };
let ids: number[] = [];

async function reviewer(name: string) {
  const u = await t.makeUser(name, [P.controlInformacionPersonal]);
  return { id: u.id, cookie: await u.session() };
}

/** A submitted identity validation of a new member, `minutes` after the clock's start. */
async function submitted(name: string, minutes: number) {
  const member = await t.makeUser(name);
  const at = t.clock.now() - 60 * 60_000 + minutes * 60_000;
  const row = await t.db
    .insert(validacionesIdentidad)
    .values({ userId: member.id, enviadoAt: at, createdAt: at, updatedAt: at })
    .returning()
    .get();
  return row.id;
}

const next = (who: { cookie: string }) =>
  t.request('POST', `${QUEUE}/siguiente${PENDING}`, { cookie: who.cookie });
const open = (who: { cookie: string }, id: number) =>
  t.request('GET', `${QUEUE}/${id}${PENDING}`, { cookie: who.cookie });

beforeAll(async () => {
  t = await makeApp();
  ana = await reviewer('ana');
  beto = await reviewer('beto');
  ids = [await submitted('socio1', 1), await submitted('socio2', 2), await submitted('socio3', 3)];
});

describe('review-queue leases', () => {
  it('hands two reviewers asking at once two different items, each held for a few minutes', async () => {
    const [a, b] = await Promise.all([next(ana), next(beto)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.data.id).not.toBe(b.json.data.id);
    expect([a.json.data.id, b.json.data.id].sort()).toEqual(ids.slice(0, 2));
    expect(a.json.data.lease).toEqual({
      expires_at: t.clock.now() + REVIEW_LEASE_MS,
      mine: true,
      reviewer: null,
    });
    const held = await t.db
      .select()
      .from(reviewLeases)
      .where(eq(reviewLeases.entity, 'validacion_identidad'));
    expect(held).toHaveLength(2);
  });

  it('shows an item another reviewer holds as theirs, until when, and skips it in next / previous', async () => {
    const anas = (await t.db.select().from(reviewLeases).where(eq(reviewLeases.userId, ana.id)).get())!
      .entityId;
    const betos = (await t.db.select().from(reviewLeases).where(eq(reviewLeases.userId, beto.id)).get())!
      .entityId;
    const seen = await open(beto, anas);
    expect(seen.status).toBe(200);
    expect(seen.json.data.lease).toEqual({
      expires_at: t.clock.now() + REVIEW_LEASE_MS,
      mine: false,
      reviewer: 'ana',
    });
    // Beto still holds his own item: opening Ana's did not take hers, and he keeps his.
    const own = await open(beto, betos);
    expect(own.json.data.lease.mine).toBe(true);
    // From Beto's item, the queue's neighbours leave out what Ana holds.
    const neighbours = [own.json.data.queue.prev_id, own.json.data.queue.next_id];
    expect(neighbours).not.toContain(anas);
    expect(own.json.data.queue.total).toBe(2);
  });

  it('gives a third reviewer the one item left, then nothing (an answer with no item, in Spanish)', async () => {
    const carla = await reviewer('carla');
    const third = await next(carla);
    expect(third.json.data.id).toBe(ids[2]);
    const dave = await reviewer('dave');
    const none = await next(dave);
    // Decision 0300: an empty queue is a normal answer, not a failed request (it was a 404).
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ data: null, message: 'No hay más solicitudes disponibles en esta cola.' });
  });

  it('ends the lease when the reviewer decides, and frees an item whose lease expired', async () => {
    const anas = (await t.db.select().from(reviewLeases).where(eq(reviewLeases.userId, ana.id)).get())!
      .entityId;
    const decided = await t.request('PUT', `${QUEUE}/estado/${anas}`, {
      cookie: ana.cookie,
      body: { estado: 'APROBADO', comentario: 'ok' },
    });
    expect(decided.status).toBe(200);
    expect(await t.db.select().from(reviewLeases).where(eq(reviewLeases.entityId, anas))).toEqual([]);
    // Every other pending item is held: nothing for Ana until a lease runs out.
    expect((await next(ana)).json.data).toBeNull();
    t.clock.set(t.clock.now() + REVIEW_LEASE_MS);
    const freed = await next(ana);
    expect(freed.status).toBe(200);
    expect(ids).toContain(freed.json.data.id);
    expect(freed.json.data.lease.expires_at).toBe(t.clock.now() + REVIEW_LEASE_MS);
  });

  it('lets only one of two reviewers opening the same free item at once hold it', async () => {
    t.clock.set(t.clock.now() + REVIEW_LEASE_MS);
    const item = await submitted('socio4', 4);
    const [a, b] = await Promise.all([open(ana, item), open(beto, item)]);
    const mine = [a.json.data.lease.mine, b.json.data.lease.mine];
    expect(mine.filter(Boolean)).toHaveLength(1);
    const holder = mine[0] ? 'ana' : 'beto';
    expect((mine[0] ? b : a).json.data.lease.reviewer).toBe(holder);
  });
});
