import { createClient } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { startServer } from '../worker/server';
import { httpRequest, interleaved, median } from './stats';
const ROWS = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'bench-list-'));
const admin = { email: 'admin@bench.local', password: 'Bench-admin-1' };
const server = await startServer({ port: 0, databaseUrl: `file:${join(dir, 'app.db')}`, blobDir: join(dir, 'blobs'), jwtSecret: 'bench-secret-bench-secret-bench-secret!!', pepper: 'p', admin, supportEmail: 's@b.co', scheduler: false, ipLimitPerMinute: 1_000_000 });
const raw = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
for (const pragma of LOCAL_PRAGMAS) await raw.execute(pragma);
await raw.execute('delete from bancos');
const now = Date.now();
for (let i = 0; i < ROWS; i += 5000) {
  const values = Array.from({ length: Math.min(5000, ROWS - i) }, (_, k) => { const n = i + k; return `('B${n}', 'Banco ${String((n * 7919) % ROWS).padStart(6, '0')}', ${n % 10 === 0 ? 0 : 1}, ${now}, ${now})`; });
  await raw.execute(`insert into bancos (codigo, nombre, activo, created_at, updated_at) values ${values.join(',')}`);
}
await raw.execute('analyze');
const base = `http://127.0.0.1:${server.port}`;
const login = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const qs = new URLSearchParams({ page: '3', perPage: '100', sorts: JSON.stringify({ nombre: 'asc' }), filters: JSON.stringify({ activo: true }) });
const url = `${base}/api/v1/general/bancos?${qs}`;
const page = 'select * from bancos where activo = 1 order by nombre asc, id asc limit 100 offset 200';
const total = 'select count(*) from bancos where activo = 1';
const AUTH = `select "users"."id" as id, "users"."email" as email, "users"."user_name" as userName, "users"."photo_key" as photoKey,
          "users"."updated_at" as updatedAt, "sessions"."last_used_at" as lastUsedAt, (select group_concat(distinct "permissions"."code") from "user_roles"
      join "roles" on "roles"."id" = "user_roles"."role_id" and "roles"."activo" = 1
      join "role_permissions" on "role_permissions"."role_id" = "roles"."id"
      join "permissions" on "permissions"."id" = "role_permissions"."permission_id"
      where "user_roles"."user_id" = "users"."id") as codes,
          (not exists (select 1 from "user_totp" where "user_totp"."user_id" = "users"."id" and "user_totp"."enabled_at" is not null)
  and exists (select 1 from "user_roles" join "roles" on "roles"."id" = "user_roles"."role_id" where "user_roles"."user_id" = "users"."id" and "roles"."require_totp" = 1 and "roles"."activo" = 1)) as mustEnrol
        from "sessions" join "users" on "users"."id" = "sessions"."user_id"
        where "sessions"."jti" = ? and "sessions"."user_id" = ? and "sessions"."kind" = ?
          and "sessions"."revoked_at" is null and "sessions"."expires_at" > ? and "users"."activo" = 1`;
const jti = (await raw.execute('select jti from sessions limit 1')).rows[0]![0];
const NOCODES = AUTH.replace(/\(select group_concat[\s\S]*?as codes,/, '');
console.log('codes', String((await raw.execute({ sql: AUTH, args: [jti!, 1, 'cookie', Date.now()] })).rows[0]?.codes).length);
const variants: Record<string, () => Promise<unknown>> = {
  api: () => httpRequest(url, { headers: { Cookie: cookie } }),
  nf: () => httpRequest(`${base}/api/v1/nope`),
  health: () => httpRequest(`${base}/api/v1/health`),
  batch: () => raw.batch([page, total], 'deferred'),
  session: () => httpRequest(`${base}/api/v1/auth/session`, { headers: { Cookie: cookie } }),
  healthc: () => httpRequest(`${base}/api/v1/health`, { headers: { Cookie: cookie } }),
  authsql: () => raw.execute({ sql: AUTH, args: [jti!, 1, 'cookie', Date.now()] }),
  authnocodes: () => raw.execute({ sql: NOCODES, args: [jti!, 1, 'cookie', Date.now()] }),
  pageonly: () => raw.execute(page),
  countonly: () => raw.execute(total),
};
const names = (process.env.V ?? 'api,nf,health,batch').split(',');
const res = await interleaved(Number(process.env.N ?? 300), names.map((n) => variants[n]!));
names.forEach((n, i) => console.log(n, median(res[i]!).toFixed(3)));
raw.close(); await server.close(); process.exit(0);
