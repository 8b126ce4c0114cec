// The audited write (decision 0310): writes put in one batch each get their own activity row and
// revision, linked by the write's key, whatever other audit rows the batch inserts between them;
// seen through the public activity API (the history panel) and the restore of a revision.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bancos, users } from '../../worker/db/schema';
import { auditedStatements, runAudited, type Audited, type RecordWrite } from '../../worker/platform/audit';
import { configPermission, P } from '../../worker/shared/permissions';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
let ana: { id: number; cookie: string };
let n = 0;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const u = await t.makeUser('ana-audit', [
    P.actividad,
    ...['view', 'new', 'edit'].map((a) => configPermission('generales:bancos', a as 'view')),
  ]);
  await t.db.update(users).set({ nombres: 'Ana', apellidos: 'Auditora' }).where(eq(users.id, u.id));
  ana = { id: u.id, cookie: await u.session() };
});

const BANCOS = '/api/v1/general/bancos';
const BANK_AUDITED: Audited = { entity: 'bancos', table: bancos };

async function newBank() {
  const code = `AW${Date.now().toString(36)}${++n}`;
  const res = await t.request('POST', BANCOS, {
    cookie: admin,
    body: { codigo: code, nombre: `Banco ${code}` },
  });
  expect(res.status).toBe(201);
  return res.json.data as { id: number; codigo: string; nombre: string; version: number };
}

type HistoryRow = {
  id: number;
  action: string;
  entity_id: number;
  revision_id: number | null;
  usuario: string;
  delta: Record<string, unknown>;
  before: Record<string, unknown>;
};
async function historyOf(id: number) {
  const res = await t.request('GET', `/api/v1/actividad?entidad=bancos&registro=${id}&perPage=10`, {
    cookie: ana.cookie,
  });
  expect(res.status).toBe(200);
  return res.json.data as HistoryRow[];
}

const rename = (id: number, nombre: string, at: number): RecordWrite => ({
  audited: BANK_AUDITED,
  id,
  action: 'editar',
  actor: { userId: ana.id, ip: '10.0.0.9', userAgent: 'prueba', at },
  write: t.db
    .update(bancos)
    .set({ nombre, updatedAt: at, version: sql`version + 1` })
    .where(eq(bancos.id, id)),
});

describe('two writes in one batch', () => {
  it('each gets its own activity row and revision, with its own delta', async () => {
    const [a, b] = [await newBank(), await newBank()];
    const at = Date.now();
    await runAudited(t.db, [rename(a.id, 'Primero renombrado', at), rename(b.id, 'Segundo renombrado', at)]);
    const [ha, hb] = [await historyOf(a.id), await historyOf(b.id)];
    expect(ha.map((r) => r.action)).toEqual(['editar', 'crear']);
    expect(hb.map((r) => r.action)).toEqual(['editar', 'crear']);
    expect(ha[0]).toMatchObject({
      entity_id: a.id,
      usuario: 'Ana Auditora',
      delta: { nombre: 'Primero renombrado' },
      before: { nombre: a.nombre },
    });
    expect(hb[0]).toMatchObject({
      entity_id: b.id,
      delta: { nombre: 'Segundo renombrado' },
      before: { nombre: b.nombre },
    });
    // Two activity rows, two revisions: none shared.
    expect(ha[0]!.id).not.toBe(hb[0]!.id);
    expect(ha[0]!.revision_id).not.toBe(hb[0]!.revision_id);
  });

  it('links each revision to its own activity row even when another write lands between them', async () => {
    const [a, b] = [await newBank(), await newBank()];
    const at = Date.now();
    // b's whole audited write sits between a's activity row and a's revision: a's revision must
    // still find a's row (by its key), not the latest one.
    const inner = auditedStatements(t.db, rename(b.id, 'Interior', at)).statements;
    await runAudited(t.db, { ...rename(a.id, 'Exterior', at), linked: inner });
    const [ha, hb] = [await historyOf(a.id), await historyOf(b.id)];
    expect(ha[0]).toMatchObject({
      action: 'editar',
      delta: { nombre: 'Exterior' },
      before: { nombre: a.nombre },
    });
    expect(hb[0]).toMatchObject({
      action: 'editar',
      delta: { nombre: 'Interior' },
      before: { nombre: b.nombre },
    });
    expect(ha[0]!.revision_id).not.toBeNull();
    expect(ha[0]!.revision_id).not.toBe(hb[0]!.revision_id);
    // Each revision restores its own record: a's first name comes back to a alone.
    const created = ha.find((r) => r.action === 'crear')!;
    const restored = await t.request('POST', `/api/v1/revisiones/${created.revision_id}/restaurar`, {
      cookie: admin,
      body: { campos: ['nombre'] },
    });
    expect(restored.status, restored.text).toBe(200);
    const after = await t.request('GET', `${BANCOS}/${a.id}`, { cookie: admin });
    expect(after.json.data.nombre).toBe(a.nombre);
    const other = await t.request('GET', `${BANCOS}/${b.id}`, { cookie: admin });
    expect(other.json.data.nombre).toBe('Interior');
  });

  it('a stale write aborts the whole batch: neither record nor its history changes', async () => {
    const [a, b] = [await newBank(), await newBank()];
    const at = Date.now();
    const stale: RecordWrite = {
      ...rename(b.id, 'Nunca', at),
      write: t.db
        .update(bancos)
        .set({ nombre: 'Nunca', version: sql`version + 1` })
        .where(sql`${bancos.id} = ${b.id} and ${bancos.version} = ${b.version + 7}`),
    };
    await expect(runAudited(t.db, [rename(a.id, 'Tampoco', at), stale])).rejects.toMatchObject({
      status: 409,
    });
    expect((await historyOf(a.id)).map((r) => r.action)).toEqual(['crear']);
    expect((await historyOf(b.id)).map((r) => r.action)).toEqual(['crear']);
    const after = await t.request('GET', `${BANCOS}/${a.id}`, { cookie: admin });
    expect(after.json.data.nombre).toBe(a.nombre);
  });
});
