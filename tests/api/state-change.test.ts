import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificaciones, stateHistory, validacionesIdentidad } from '../../worker/db/schema';
import { changeState } from '../../worker/platform/state-change';
import { choicesFrom, PUBLICATION, REVIEW, rowActionsEnabled, chipTone } from '../../worker/shared/workflow';
import { makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await makeApp();
  userId = (await t.makeUser('revisado')).id;
});

async function newValidation() {
  const now = t.clock.now();
  return t.db
    .insert(validacionesIdentidad)
    .values({
      userId: (await t.makeUser(`v${Math.random().toString(36).slice(2, 8)}`)).id,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

const change = (id: number, to: any, extra = {}) =>
  changeState(t.db, {
    entity: 'validacion_identidad',
    table: validacionesIdentidad,
    idColumn: validacionesIdentidad.id,
    stateColumn: validacionesIdentidad.estado,
    id,
    to,
    comentario: 'ok',
    actorId: userId,
    at: t.clock.now(),
    notify: { userId, titulo: 'Validación' },
    ...extra,
  });

describe('workflow table (spec §4)', () => {
  it('offers the spec choices', () => {
    expect(choicesFrom('APROBADO')).toEqual(['NO_APROBADO']);
    expect(choicesFrom('NO_APROBADO')).toEqual(['APROBADO']);
    expect(choicesFrom('PENDIENTE')).toEqual(['APROBADO', 'NO_APROBADO']);
    expect(choicesFrom('NO_PAGADO')).toEqual(['PAGADO']);
    expect(choicesFrom('PAGADO')).toEqual([]);
    expect(choicesFrom(null)).toEqual([]);
    expect(choicesFrom('PENDIENTE', PUBLICATION)).toEqual(['PUBLICADO', 'NO_PUBLICADO']);
    expect(choicesFrom('PUBLICADO', PUBLICATION)).toEqual(['NO_PUBLICADO']);
    expect(choicesFrom('PENDIENTE', REVIEW, ['PAGADO'])).toEqual(['PAGADO']);
  });

  it('disables row actions only for NO_APROBADO and NO_PUBLICADO, and colours chips', () => {
    expect(['PENDIENTE', 'APROBADO', 'PUBLICADO', 'NO_PAGADO', 'PAGADO', null].every(rowActionsEnabled)).toBe(
      true,
    );
    expect(rowActionsEnabled('NO_APROBADO') || rowActionsEnabled('NO_PUBLICADO')).toBe(false);
    expect(['activo', 'aprobado', 'publicado', 'pagado'].map(chipTone)).toEqual([
      'success',
      'success',
      'success',
      'success',
    ]);
    expect(['inactivo', 'no-pagado', 'no-aprobado', 'no-publicado'].map(chipTone)).toEqual([
      'danger',
      'danger',
      'danger',
      'danger',
    ]);
    expect(chipTone('pendiente')).toBe('warning');
  });
});

describe('changeState', () => {
  it('writes the change, one history row and one notification', async () => {
    const v = await newValidation();
    await change(v.id, 'APROBADO');
    const row = await t.db
      .select()
      .from(validacionesIdentidad)
      .where(eq(validacionesIdentidad.id, v.id))
      .get();
    expect(row!.estado).toBe('APROBADO');
    const h = await t.db.select().from(stateHistory).where(eq(stateHistory.entityId, v.id));
    expect(h.filter((x) => x.entity === 'validacion_identidad')).toMatchObject([
      { fromState: 'PENDIENTE', toState: 'APROBADO', comentario: 'ok', userId },
    ]);
    const n = await t.db.select().from(notificaciones).where(eq(notificaciones.entityId, v.id));
    expect(n).toHaveLength(1);
  });

  it('refuses a transition the table does not offer (409) and writes nothing', async () => {
    const v = await newValidation();
    await expect(change(v.id, 'PAGADO')).rejects.toMatchObject({ status: 409 });
    const h = await t.db.select().from(stateHistory).where(eq(stateHistory.entityId, v.id));
    expect(h.filter((x) => x.entity === 'validacion_identidad')).toHaveLength(0);
  });

  it('lets exactly one of two concurrent changes win', async () => {
    const v = await newValidation();
    const results = await Promise.allSettled([change(v.id, 'APROBADO'), change(v.id, 'NO_APROBADO')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const h = await t.db.select().from(stateHistory).where(eq(stateHistory.entityId, v.id));
    expect(h.filter((x) => x.entity === 'validacion_identidad')).toHaveLength(1);
  });

  it('keeps history append-only', async () => {
    await expect(t.client.execute('update state_history set to_state = 1')).rejects.toThrow(/append-only/);
    await expect(t.client.execute('delete from state_history')).rejects.toThrow(/append-only/);
  });
});
