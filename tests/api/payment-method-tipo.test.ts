// The payment-method autocomplete carries each method's kind (`tipo`, the registry's
// autocompleteFields), so 'Información de pago' knows which fields to show from the option the
// member picks; it no longer sends a save to learn the kind from a 422 (issue 20 item 5).
import { beforeAll, describe, expect, it } from 'vitest';
import { METODO_PAGO_TIPOS } from '../../worker/shared/resources';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let member: string;
const created = new Map<number, string>();
beforeAll(async () => {
  t = await makeApp();
  const admin = await t.login(ADMIN.email, ADMIN.password);
  for (const { value } of METODO_PAGO_TIPOS) {
    const res = await t.request('POST', '/api/v1/general/metodosdepago', {
      cookie: admin,
      body: { nombre: `Método ${value}`, tipo: value, activo: true },
    });
    expect(res.status).toBe(201);
    created.set(res.json.data.id, value);
  }
  member = await (await t.makeUser('pagador', ['app:general:miinformacionpersonal:view'])).cookie();
});

describe('GET /general/metodosdepago/autocomplete', () => {
  it('gives every active method with its tipo, to a member', async () => {
    const res = await t.request('GET', '/api/v1/general/metodosdepago/autocomplete?q=', { cookie: member });
    expect(res.status).toBe(200);
    const options = res.json.data as { id: number; label: string; tipo: unknown }[];
    for (const [id, tipo] of created) expect(options.find((o) => o.id === id)?.tipo).toBe(tipo);
  });

  it('reading the options writes nothing: the member has still no payment info', async () => {
    await t.request('GET', '/api/v1/general/metodosdepago/autocomplete?q=', { cookie: member });
    const saved = await t.request('GET', '/api/v1/general/informacionpago', { cookie: member });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toBeNull();
  });
});
