// Issue 23 §1–3: collection accounts (a registry table with rules across fields), the payment
// instructions of a purchase (`GET /compras/{id}/pago`, owner only) and receipts as photos.
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceFor } from '../../worker/shared/payment-reference';
import { jpegClaiming, PNG, pngClaiming } from '../setup/files';
import { api, buy, PDF, type Shop, shopApp, uploadAttachment } from './shop-fixtures';

const ACCOUNTS = '/api/v1/miscompras/cuentasrecaudo';
let shop: Shop;
let methods: { banco: number; billetera: number; cripto: number };
let bancoId: number;
let criptoId: number;

// A 1×1 lossless WebP (RIFF…WEBPVP8L) and a Windows executable's head.
const WEBP = Buffer.from(
  '52494646240000005745425056503820180000003001009d012a0100010002003425a400037000fefb940000',
  'hex',
);
const JPG = jpegClaiming(1, 1);
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(64)]);

const post = (path: string, body: unknown) => shop.t.request('POST', path, { cookie: shop.admin, body });

beforeAll(async () => {
  shop = await shopApp();
  const m = async (nombre: string, tipo: string) =>
    (await post('/api/v1/general/metodosdepago', { nombre, tipo })).json.data.id as number;
  methods = {
    banco: await m('Transferencia bancaria', 'CUENTA_BANCARIA'),
    billetera: await m('Nequi', 'BILLETERA'),
    cripto: await m('Cripto', 'CRIPTOMONEDA'),
  };
  bancoId = (await post('/api/v1/general/bancos', { codigo: '007', nombre: 'Bancolombia' })).json.data.id;
  criptoId = (
    await post('/api/v1/miperfil/criptomonedas', { codigo: 'USDT', nombre: 'Tether', red: 'TRC20' })
  ).json.data.id;
});

const bankAccount = (extra: Record<string, unknown> = {}) => ({
  nombre: 'Bancolombia ahorros',
  metodo_pago_id: methods.banco,
  banco_id: bancoId,
  tipo_cuenta: 'AH',
  numero: '123-456789-01',
  titular: 'Membresías 360 S.A.S.',
  tipo_documento: 'NIT',
  documento: '800197268-4',
  orden: 1,
  ...extra,
});

describe('collection accounts', () => {
  it('is in the first-run checklist while empty, and leaves it with its first active account', async () => {
    const pending = async () =>
      (await shop.t.request('GET', '/api/v1/reports/checklist', { cookie: shop.admin })).json.data.pendientes;
    const item = (await pending()).find((p: { key: string }) => p.key === 'cuentasrecaudo');
    expect(item).toMatchObject({
      label: 'Cuentas de recaudo',
      route: '/app/configuracion/miscompras/cuentasrecaudo',
      requerido: true,
    });
    const res = await post(ACCOUNTS, bankAccount());
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({
      metodo_pago_id_label: 'Transferencia bancaria',
      banco_id_label: 'Bancolombia',
    });
    expect((await pending()).map((p: { key: string }) => p.key)).not.toContain('cuentasrecaudo');
  });

  it('asks for what the payment method’s kind needs and checks the NIT’s digit, the CC and the phone', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await post(ACCOUNTS, body);
      expect(res.status, res.text).toBe(422);
      return res.json.errors as Record<string, string[]>;
    };
    const bank = await refused({ nombre: 'Sin datos', metodo_pago_id: methods.banco });
    expect(Object.keys(bank).sort()).toEqual(
      ['banco_id', 'documento', 'numero', 'tipo_cuenta', 'tipo_documento', 'titular'].sort(),
    );
    expect(bank.banco_id).toEqual(['Este campo es requerido']);
    expect((await refused(bankAccount({ nombre: 'NIT malo', documento: '800197268-5' }))).documento).toEqual([
      'El NIT no es válido: verifique el dígito de verificación',
    ]);
    expect(
      (await refused(bankAccount({ nombre: 'CC mala', tipo_documento: 'CC', documento: '12' }))).documento,
    ).toEqual(['La cédula debe tener entre 5 y 10 dígitos']);
    expect((await refused(bankAccount({ nombre: 'Letras', numero: 'ABC123' }))).numero).toEqual([
      'El número de cuenta solo puede tener dígitos (entre 4 y 20)',
    ]);
    expect((await refused(bankAccount({ nombre: 'Tipo', tipo_cuenta: 'XX' }))).tipo_cuenta).toEqual([
      'El campo es inválido',
    ]);
    const cc = await post(
      ACCOUNTS,
      bankAccount({
        nombre: 'Davivienda CC',
        tipo_cuenta: 'CO',
        tipo_documento: 'CC',
        documento: '1.020.304.050',
        orden: 2,
      }),
    );
    expect(cc.status, cc.text).toBe(201);

    expect(
      (
        await refused({
          nombre: 'Nequi fijo',
          metodo_pago_id: methods.billetera,
          numero: '6012345678',
          titular: 'Ana',
        })
      ).numero,
    ).toEqual(['El celular debe tener 10 dígitos y empezar por 3 (p. ej. 3001234567)']);
    const nequi = await post(ACCOUNTS, {
      nombre: 'Nequi',
      metodo_pago_id: methods.billetera,
      numero: '3001234567',
      titular: 'Ana Gómez',
      orden: 3,
    });
    expect(nequi.status, nequi.text).toBe(201);

    expect(Object.keys(await refused({ nombre: 'Cripto', metodo_pago_id: methods.cripto })).sort()).toEqual([
      'criptomoneda_id',
      'direccion',
      'red',
    ]);
    const usdt = await post(ACCOUNTS, {
      nombre: 'USDT',
      metodo_pago_id: methods.cripto,
      criptomoneda_id: criptoId,
      red: 'TRC20',
      direccion: 'TXyz123abc',
      orden: 4,
    });
    expect(usdt.status, usdt.text).toBe(201);
    // Inactive accounts are kept but not offered.
    const off = await post(ACCOUNTS, bankAccount({ nombre: 'Cuenta vieja', orden: 0, activo: false }));
    expect(off.status, off.text).toBe(201);
    // The import cannot bypass these rules.
    const imp = await shop.t.request('POST', `${ACCOUNTS}/import`, { cookie: shop.admin, body: {} });
    expect(imp.status).toBe(404);
  });
});

describe('payment instructions', () => {
  it('answers the owner with the amount, the reference and the active accounts in order, each with what applies', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const res = await api(shop.t, m.cookie).get(`/compras/${compra.id}/pago`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      referencia: referenceFor(compra.id),
      total: 5_000_000,
      moneda: 'COP',
      estado: 'NO_PAGADO',
    });
    const cuentas = res.json.cuentas as Record<string, unknown>[];
    expect(cuentas.map((c) => c.nombre)).toEqual(['Bancolombia ahorros', 'Davivienda CC', 'Nequi', 'USDT']);
    expect(cuentas[0]).toEqual({
      id: expect.any(Number),
      nombre: 'Bancolombia ahorros',
      metodo: 'Transferencia bancaria',
      tipo: 'CUENTA_BANCARIA',
      banco: 'Bancolombia',
      tipo_cuenta: 'AH',
      numero: '123-456789-01',
      titular: 'Membresías 360 S.A.S.',
      tipo_documento: 'NIT',
      documento: '800197268-4',
      criptomoneda: null,
      red: null,
      direccion: null,
      qr_url: null,
    });
    expect(cuentas[2]).toMatchObject({ metodo: 'Nequi', numero: '3001234567', banco: null, documento: null });
    expect(cuentas[3]).toMatchObject({
      criptomoneda: 'Tether',
      red: 'TRC20',
      direccion: 'TXyz123abc',
      numero: null,
    });
  });

  it('shows the account’s QR image when it has one', async () => {
    const list = await shop.t.request('GET', `${ACCOUNTS}?perPage=50`, { cookie: shop.admin });
    const nequi = list.json.data.find((r: { nombre: string }) => r.nombre === 'Nequi');
    const form = new FormData();
    form.append('files', new File([PNG], 'qr.png'));
    const up = await shop.t.fetch(`http://localhost${ACCOUNTS}/${nequi.id}/images`, {
      method: 'POST',
      body: form,
      headers: { Cookie: shop.admin, Origin: 'http://localhost' },
    });
    expect(up.status).toBe(201);
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.tazaId }]);
    const res = await api(shop.t, m.cookie).get(`/compras/${compra.id}/pago`);
    const qr = res.json.cuentas.find((c: { nombre: string }) => c.nombre === 'Nequi').qr_url;
    expect(qr).toMatch(/^\/api\/v1\/general\/images\/\d+$/);
    const img = await shop.t.request('GET', qr, { cookie: m.cookie });
    expect(img.status).toBe(200);
  });

  it('is a 404 for another member and for an administrator on this member route, and a 401 without a session', async () => {
    const owner = await shop.member();
    const other = await shop.member();
    const compra = await buy(shop, owner.cookie, [{ producto_id: shop.kitId }]);
    expect((await api(shop.t, other.cookie).get(`/compras/${compra.id}/pago`)).status).toBe(404);
    expect((await api(shop.t, shop.admin).get(`/compras/${compra.id}/pago`)).status).toBe(404);
    expect((await shop.t.request('GET', `/api/v1/miscompras/compras/${compra.id}/pago`)).status).toBe(401);
    expect((await api(shop.t, owner.cookie).get(`/compras/999999/pago`)).status).toBe(404);
  });
});

describe('receipts as photos', () => {
  it('refuses a photo whose header says it is larger than 12.000 px a side or 50 megapixels, in Spanish', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const send = (bytes: Uint8Array<ArrayBuffer>, name: string) =>
      uploadAttachment(shop.t, m.cookie, compra.id, new File([bytes], name, { type: 'image/png' }));
    // The attacker's receipt: 30,000 × 30,000 pixels in about a hundred bytes.
    for (const [bytes, name, w, h] of [
      [pngClaiming(30_000, 30_000), 'enorme.png', '30.000', '30.000'],
      [pngClaiming(12_001, 100), 'ancha.png', '12.001', '100'],
      [jpegClaiming(8_000, 7_000), 'grande.jpg', '8.000', '7.000'],
    ] as const) {
      const res = await send(bytes, name);
      expect(res.status, name).toBe(422);
      expect(((await res.json()) as { errors: { archivo: string[] } }).errors.archivo).toEqual([
        `La imagen mide ${w} × ${h} píxeles: el máximo es 12.000 píxeles por lado y 50 megapíxeles`,
      ]);
    }
    // A JPEG with no frame header says no size: it is not a picture any viewer can show.
    const headless = await send(
      new Uint8Array(Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex')),
      'x.jpg',
    );
    expect(headless.status).toBe(422);
    expect(((await headless.json()) as { errors: { archivo: string[] } }).errors.archivo).toEqual([
      'La imagen está dañada: no se puede leer su tamaño',
    ]);
    // At the limits it is a photo like any other.
    expect((await send(pngClaiming(12_000, 4_000), 'panorama.png')).status).toBe(201);
    expect((await send(jpegClaiming(7_000, 7_000), 'foto.jpg')).status).toBe(201);
    const list = await api(shop.t, m.cookie).get(`/compras/${compra.id}/adjuntos`);
    expect(list.json.data.map((a: { file_name: string }) => a.file_name).sort()).toEqual([
      'foto.jpg',
      'panorama.png',
    ]);
  });

  it('takes a receipt as png, jpg or webp (by its bytes) or pdf, and serves a photo inline', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    // The declared type says nothing: the bytes decide.
    for (const [bytes, name] of [
      [PNG, 'captura.png'],
      [JPG, 'foto.JPG'],
      [WEBP, 'captura'],
      [PDF, 'comprobante.pdf'],
    ] as const) {
      const file = new File([bytes], name, { type: 'application/octet-stream' });
      const res = await uploadAttachment(shop.t, m.cookie, compra.id, file);
      expect(res.status, `${name}: ${await res.clone().text()}`).toBe(201);
    }
    const list = await api(shop.t, m.cookie).get(`/compras/${compra.id}/adjuntos`);
    expect(list.json.data.map((a: { content_type: string }) => a.content_type).sort()).toEqual(
      ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'].sort(),
    );
    const webp = list.json.data.find((a: { content_type: string }) => a.content_type === 'image/webp');
    expect(webp.file_name).toBe('captura.webp');
    const admin = await shop.t.request('GET', webp.url.replace('/compras/', '/admin/compras/'), {
      cookie: shop.admin,
    });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('Content-Type')).toBe('image/webp');
    expect(admin.headers.get('Content-Disposition')).toMatch(/^inline/);
    const pdf = list.json.data.find((a: { content_type: string }) => a.content_type === 'application/pdf');
    const pdfRes = await shop.t.request('GET', pdf.url, { cookie: m.cookie });
    expect(pdfRes.headers.get('Content-Disposition')).toMatch(/^attachment/);
  });

  it('refuses an executable named .png, and keeps pdf/xlsx only for the other types', async () => {
    const m = await shop.member();
    const compra = await buy(shop, m.cookie, [{ producto_id: shop.kitId }]);
    const exe = await uploadAttachment(
      shop.t,
      m.cookie,
      compra.id,
      new File([EXE], 'captura.png', { type: 'image/png' }),
    );
    expect(exe.status).toBe(415);
    expect((await exe.json()).message).toBe('Tipo de archivo no permitido. Se aceptan: pdf, jpg, png, webp');
    for (const tipo of ['FACTURA', 'OTRO']) {
      const photo = await uploadAttachment(shop.t, m.cookie, compra.id, new File([PNG], 'factura.png'), tipo);
      expect(photo.status).toBe(415);
      expect((await photo.json()).message).toBe('Tipo de archivo no permitido. Se aceptan: pdf, xlsx');
      expect(
        (await uploadAttachment(shop.t, m.cookie, compra.id, new File([PDF], 'f.pdf'), tipo)).status,
      ).toBe(201);
    }
    expect((await api(shop.t, m.cookie).get(`/compras/${compra.id}/adjuntos`)).json.data).toHaveLength(2);
  });
});
