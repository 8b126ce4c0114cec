// A date-range filter whose end is before its start is refused with the reason (decision 0462),
// instead of being read as an open range; a range in order still lists.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

const list = (path: string, key: string, from: string, to: string) =>
  t.request('GET', `${path}?filters=${encodeURIComponent(JSON.stringify({ [key]: { from, to } }))}`, {
    cookie: admin,
  });

describe('date-range filters', () => {
  it.each([
    ['/api/v1/actividad', 'at'],
    ['/api/v1/miscompras/admin/compras', 'created_at'],
  ])('%s refuses an end before the start, saying why', async (path, key) => {
    const bad = await list(path, key, '2026-11-20', '2026-11-10');
    expect(bad.status).toBe(422);
    expect(bad.json.errors.filters).toEqual([
      `Filtro ${key}: la fecha final no puede ser anterior a la fecha inicial`,
    ]);
    expect(bad.json.message).toBe(`Filtro ${key}: la fecha final no puede ser anterior a la fecha inicial`);
    const same = await list(path, key, '2026-11-10', '2026-11-10');
    expect(same.status, same.text).toBe(200);
  });
});
