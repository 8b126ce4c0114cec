// SECURITY row 5: every /api/v1 route refuses a visitor (401) unless it is on the public list,
// and refuses a signed-in user who lacks its permission (403). A route without a declared policy
// fails here, so every new route joins the matrix.
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../setup/app';
import { eachOf } from '../setup/pool';
import { apiRoutes, concrete } from '../setup/routes';

const CEILING_REFUSED = 'No puedes modificar este usuario: tiene permisos que tú no tienes';
const ROLE_CEILING_REFUSED = 'No puedes modificar este rol: tiene permisos que tú no tienes';

let t: TestApp;
let nobody: string;
const holders = new Map<string, Promise<string>>();
beforeAll(async () => {
  t = await makeApp();
  nobody = await (await t.makeUser('sinpermisos')).session();
});

async function cookieHolding(codes: string[]) {
  const key = codes.join(',');
  if (!holders.has(key))
    holders.set(
      key,
      t.makeUser(`h${holders.size}`, codes).then((u) => u.session()),
    );
  return holders.get(key)!;
}

const send = (method: string, path: string, cookie?: string) =>
  t.request(method, concrete(path), {
    cookie,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: {} }),
  });

describe('route matrix', () => {
  it('declares exactly one policy on every private route and none on public ones (a webhook its own)', () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((r) =>
      r.policy === 'public'
        ? r.markers !== (r.webhook ? 1 : 0)
        : r.markers !== 1 || r.policy.kind === 'webhook',
    );
    expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('refuses every private route without a session (401)', async () => {
    const wrong: string[] = [];
    await eachOf(apiRoutes(t.app), async (r) => {
      if (r.policy === 'public') return;
      const res = await send(r.method, r.path);
      if (res.status !== 401) wrong.push(`${r.method} ${r.path} → ${res.status}`);
    });
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses every permission route to a user without the permission (403), and lets the holder through', async () => {
    const wrong: string[] = [];
    await eachOf(apiRoutes(t.app), async (r) => {
      if (r.policy === 'public' || r.policy.kind === 'session' || r.policy.kind === 'webhook') return;
      const denied = await send(r.method, r.path, nobody);
      if (denied.status !== 403) wrong.push(`${r.method} ${r.path} sin permiso → ${denied.status}`);
      // 'permission' needs all its codes together; 'any' must let each code through alone.
      const holders =
        r.policy.kind === 'permission' ? [r.policy.codes] : r.policy.codes.map((code) => [code]);
      for (const codes of holders) {
        const allowed = await send(r.method, r.path, await cookieHolding(codes));
        // Past the policy, the privilege ceiling may still refuse to touch user 1, the administrator,
        // or role 1, ADMINISTRADOR.
        const ceiling =
          allowed.status === 403 && [CEILING_REFUSED, ROLE_CEILING_REFUSED].includes(allowed.json?.message);
        if (([401, 403].includes(allowed.status) && !ceiling) || allowed.status >= 500)
          wrong.push(`${r.method} ${r.path} con ${codes.join('+')} → ${allowed.status}`);
      }
    });
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets any signed-in user reach the session-only routes', async () => {
    const wrong: string[] = [];
    await eachOf(apiRoutes(t.app), async (r) => {
      if (r.policy === 'public' || r.policy.kind !== 'session' || r.path.endsWith('/logout')) return;
      const res = await send(r.method, r.path, nobody);
      if ([401, 403].includes(res.status) || res.status >= 500)
        wrong.push(`${r.method} ${r.path} → ${res.status}`);
    });
    expect(wrong).toEqual([]);
  }, 120_000);

  it('never answers a public route with a 500 for an empty body', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes(t.app)) {
      if (r.policy !== 'public') continue;
      const res = await send(r.method, r.path);
      if (res.status >= 500 && !r.path.endsWith('/health'))
        wrong.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
