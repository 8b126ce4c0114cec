// The request log (docs/decisions/0353, SECURITY row 18): one JSON line per request with ids and
// technical fields only, and every answer of /api/v1 carries its X-Request-Id — a 200, a 404, a
// 422 and a 500 alike. On workerd the lines are what the Worker printed to its console (Workers
// Logs); the request id there is Cloudflare's `cf-ray`.
import { describe, expect, it } from 'vitest';
import { ADMIN, makeApp, TARGET, type TestApp } from '../setup/app';

const FIELDS = [
  'time',
  'level',
  'request_id',
  'method',
  'route',
  'status',
  'duration_ms',
  'db_round_trips',
  'user_id',
];

async function lineOf(t: TestApp, id: string) {
  for (let i = 0; i < 40; i++) {
    const [line] = await t.requestLog([id]);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no log line for ${id}`);
}

describe('request log', () => {
  it('writes one line per request with its id, route pattern, status, duration, round trips and user', async () => {
    const t = await makeApp();
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const made = await t.request('POST', '/api/v1/general/divisionPolitica/ciudades', {
      cookie: admin,
      body: { departamento_id: 1, codigo: '99001', nombre: 'Ciudad del Log' },
    });
    const res = await t.request('GET', `/api/v1/general/divisionPolitica/ciudades/${made.json.data.id}`, {
      cookie: admin,
    });
    expect(res.status).toBe(200);
    const id = res.headers.get('X-Request-Id')!;
    expect(id).toMatch(/^[\w-]{8,}$/);
    const line = await lineOf(t, id);
    expect(Object.keys(line).sort()).toEqual([...FIELDS].sort());
    expect(line).toMatchObject({
      level: 'info',
      request_id: id,
      method: 'GET',
      route: '/api/v1/general/divisionPolitica/ciudades/:id{[0-9]+}',
      status: 200,
      user_id: 1,
    });
    expect(Date.parse(line.time)).toBe(t.clock.now());
    expect(line.duration_ms).toBeGreaterThanOrEqual(0);
    // A registry detail reads its session in its own batch: one round trip (decision 0018).
    expect(line.db_round_trips).toBe(1);
  });

  it('answers X-Request-Id on a 200, a 404, a 422 and a 500, and the 500 line holds the stack', async () => {
    const t = await makeApp();
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const ok = await t.request('GET', '/api/v1/auth/session', { cookie: admin });
    const unknownRoute = await t.request('GET', '/api/v1/no/existe', { cookie: admin });
    const missing = await t.request('GET', '/api/v1/general/bancos/999999', { cookie: admin });
    const invalid = await t.request('POST', '/api/v1/general/bancos', {
      cookie: admin,
      body: { codigo: '' },
    });
    expect([ok.status, unknownRoute.status, missing.status, invalid.status]).toEqual([200, 404, 404, 422]);
    await t.breakDatabase();
    const broken = await t.request('GET', '/api/v1/general/bancos', { cookie: admin });
    expect(broken.status).toBe(500);
    const all = [ok, unknownRoute, missing, invalid, broken];
    const ids = all.map((r) => r.headers.get('X-Request-Id'));
    expect(ids.every((id) => typeof id === 'string' && id.length >= 8)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const lines = await Promise.all(ids.map((id) => lineOf(t, id!)));
    expect(lines.map((l) => l.status)).toEqual([200, 404, 404, 422, 500]);
    expect(lines[1]!.route).toBeNull();
    expect(lines[4]).toMatchObject({ level: 'error', route: '/api/v1/general/bancos' });
    // Node's error carries its frames; workerd's own network errors have only their message.
    expect(lines[4]!.error?.stack).toMatch(TARGET === 'node' ? /\n\s+at / : /Error/);
    expect(lines.slice(0, 4).every((l) => l.error === undefined)).toBe(true);
  });

  it.runIf(TARGET === 'workerd')('uses the cf-ray of the request as its id on the Worker', async () => {
    const t = await makeApp();
    const res = await t.request('GET', '/api/v1/auth/session', {
      headers: { 'cf-ray': '8f1c2a3b4d5e6f70-BOG' },
    });
    expect(res.headers.get('X-Request-Id')).toBe('8f1c2a3b4d5e6f70-BOG');
  });

  it.runIf(TARGET === 'node')('generates its own id on Node, whatever the request says', async () => {
    const t = await makeApp();
    const res = await t.request('GET', '/api/v1/auth/session', { headers: { 'cf-ray': 'inventado' } });
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('no personal data in the log (SECURITY row 18)', () => {
  it('holds no e-mail, name, document, phone, password, cookie or token after sign-in, registration, profile and payment data', async () => {
    const t = await makeApp();
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const create = async (endpoint: string, body: object) =>
      (await t.request('POST', `/api/v1${endpoint}`, { cookie: admin, body })).json.data.id as number;
    const banco = await create('/general/bancos', { codigo: '007', nombre: 'Bancolombia' });
    const cuenta = await create('/general/metodosdepago', {
      nombre: 'Transferencia bancaria',
      tipo: 'CUENTA_BANCARIA',
    });
    const form = (await t.request('GET', '/api/v1/auth/initForm')).json;
    const co = form.paises.find((p: { nombre: string }) => p.nombre === 'Colombia').id;
    const deps = (await t.request('GET', `/api/v1/auth/departamentos?pais_id=${co}`)).json.data;
    const ant = deps.find((d: { nombre: string }) => d.nombre === 'Antioquia').id;
    const med = (await t.request('GET', `/api/v1/auth/ciudades?departamento_id=${ant}`)).json.data.find(
      (c: { nombre: string }) => c.nombre === 'Medellín',
    ).id;
    const cc = form.tiposIdentificacion.find((x: { codigo: string }) => x.codigo === 'CC').id;
    const secret = {
      email: 'zulema.quintero@correo-privado.co',
      nombres: 'Zulema Hortensia',
      apellidos: 'Quintero Valderrama',
      documento: '1098765432',
      celular: '3157654321',
      password: 'Contraseña-Secreta-987',
      cuenta: '55544433322211',
      titular: 'Zulema Quintero',
    };
    const register = await t.request('POST', '/api/v1/auth/register', {
      body: {
        nombres: secret.nombres,
        apellidos: secret.apellidos,
        user_name: 'zulemaq',
        email: secret.email,
        password: secret.password,
        confirmar_password: secret.password,
        tipo_identificacion_id: cc,
        numero_identificacion: secret.documento,
        celular: secret.celular,
        pais_id: co,
        departamento_id: ant,
        ciudad_id: med,
        nivel_educativo_id: form.nivelesEducativos[0].id,
        terminos_id: form.terminos.id,
        acepta_terminos: true,
        autorizaciones: ['TRATAMIENTO_BASICO'],
      },
    });
    expect(register.status, register.text).toBe(201);
    const mail = await t.lastMail(secret.email);
    const token = new URL(/https?:\/\/\S+/.exec(mail!.body)![0]).searchParams.get('verificar')!;
    expect((await t.request('POST', '/api/v1/auth/verify', { body: { token } })).status).toBe(200);
    const wrong = await t.request('POST', '/api/v1/auth/login', {
      body: { email: secret.email, password: 'x-Mala-123' },
    });
    expect(wrong.status).toBe(401);
    const cookie = await t.login(secret.email, secret.password);
    const profile = await t.request('PUT', '/api/v1/general/miinformacion', {
      cookie,
      body: {
        nombres: secret.nombres,
        apellidos: secret.apellidos,
        tipo_identificacion_id: cc,
        numero_identificacion: secret.documento,
        fecha_nacimiento: '1990-05-20',
        genero: 'F',
        celular: secret.celular,
        pais_id: co,
        departamento_id: ant,
        ciudad_id: med,
        direccion: 'Calle 10 # 43-12',
        nivel_educativo_id: null,
      },
    });
    expect(profile.status, profile.text).toBe(200);
    const payment = await t.request('PUT', '/api/v1/general/informacionpago', {
      cookie,
      body: {
        metodo_pago_id: cuenta,
        banco_id: banco,
        tipo_cuenta: 'AH',
        numero_cuenta: secret.cuenta,
        titular: secret.titular,
      },
    });
    expect(payment.status, payment.text).toBe(200);
    await t.request('POST', '/api/v1/auth/createResetRequest', { body: { email: secret.email } });
    await t.lastMail(secret.email);

    const cookieValues = cookie
      .split('; ')
      .map((c) => c.slice(c.indexOf('=') + 1))
      .filter((v) => v.length > 8);
    const forbidden = [
      secret.email,
      'zulema',
      'Zulema',
      'Hortensia',
      'Quintero',
      'Valderrama',
      secret.documento,
      secret.celular,
      secret.password,
      secret.cuenta,
      token,
      ...cookieValues,
      ADMIN.email,
      ADMIN.password,
    ];
    const lines = await t.requestLog();
    expect(lines.length).toBeGreaterThan(10);
    const text = [...lines.map((l) => JSON.stringify(l)), ...(await t.workerdLogs())].join('\n');
    for (const word of forbidden) expect(text.includes(word), `the log holds ${word}`).toBe(false);
    expect(lines.some((l) => l.route === '/api/v1/general/informacionpago' && l.status === 200)).toBe(true);
  });
});
