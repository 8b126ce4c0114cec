// Issue 13 item 6: every error says what is wrong, keyed by its field or given as `message`.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, buy, PDF, shopApp, uploadAttachment, type Shop } from './shop-fixtures';

let shop: Shop;
let cookie: string;
beforeAll(async () => {
  shop = await shopApp();
  cookie = (await shop.member()).cookie;
});

describe('messages that say what is wrong', () => {
  it('calls a negative or non-numeric id invalid or not numeric, never missing', async () => {
    const a = api(shop.t, cookie);
    const negative = await a.post('/cart', { producto_id: -1 });
    expect([negative.status, negative.json.errors]).toEqual([422, { producto_id: ['El campo es inválido'] }]);
    const injected = await a.post('/cart', { producto_id: '1 or 1=1' });
    expect([injected.status, injected.json.errors]).toEqual([
      422,
      { producto_id: ['El producto debe ser numerico'] },
    ]);
    const zero = await a.post('/cart', { producto_id: 0 });
    expect(zero.json.errors).toEqual({ producto_id: ['El campo es inválido'] });
  });

  it('keys an attachment type error by `tipo`, not `_`', async () => {
    const compra = await buy(shop, cookie, [{ producto_id: shop.kitId }]);
    const pdf = () => new File([PDF], 'pago.pdf', { type: 'application/pdf' });
    const wrong = await uploadAttachment(shop.t, cookie, compra.id, pdf(), 'NO_EXISTE');
    expect([wrong.status, (await wrong.json()).errors]).toEqual([422, { tipo: ['El campo es inválido'] }]);
    const missing = await uploadAttachment(shop.t, cookie, compra.id, pdf(), null);
    expect([missing.status, (await missing.json()).errors]).toEqual([
      422,
      { tipo: ['Este campo es requerido'] },
    ]);
  });

  it('answers a 10 MB JSON body with a message about the body, not about a file', async () => {
    const body = JSON.stringify({ nombre: 'x'.repeat(10 * 1024 * 1024) });
    const res = await shop.t.request('POST', '/api/v1/miscompras/cart', {
      cookie,
      raw: body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect([res.status, res.json.message]).toEqual([
      413,
      'El cuerpo de la solicitud supera el tamaño máximo permitido (1 MB)',
    ]);
  });

  it('gives a body of the wrong shape as `message`, without a `_` key', async () => {
    const res = await shop.t.request('POST', '/api/v1/miscompras/cart', {
      cookie,
      raw: '[1]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.json).toEqual({ message: 'El cuerpo de la solicitud debe ser un objeto JSON' });
  });
});
