import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { permissions, rolePermissions, roles, sessions, userRoles, users, userTotp } from '../db/schema';
import { MSG } from '../shared/messages';
import { acl, knownAclVersion, permissionsOf } from './acl';
import { afterResponse } from './background';
import { forbidden, HttpError, unauthorized } from './errors';
import { idempotent } from './idempotency';
import { verifySession } from './jwt';
import { TOKEN_COOKIE } from './session-cookies';
import type { AppEnv, SessionValues } from './ports';
import { isPublic } from './public-routes';
import { bind, compile, run, runBatch, type Compiled } from './compiled';
import type { InStatement, ResultSet } from '@libsql/client';
import { matchedRoutes } from 'hono/route';

const TOUCH_EVERY_MS = 60_000;

/** 1 when an active role of the user requires TOTP and the user has not enrolled yet. */
const mustEnrolTotp = sql<number>`(not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.enabledAt} is not null)
  and exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.requireTotp} = 1 and ${roles.activo} = 1))`;
/** What such a user may still reach: its session, its account page and enrolment, logout. */
const ENROL_PATHS =
  /^(GET \/api\/v1\/auth\/(session|permissions|account)|(GET|POST) \/api\/v1\/auth\/(logout|account\/2fa(\/\w+)?))\/?$/;

/** The token and where it came from; each place has its own JWT audience and session kind. */
function readToken(c: Context): { token: string; kind: 'cookie' | 'bearer' } | undefined {
  const header = c.req.header('Authorization');
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), kind: 'bearer' };
  const cookie = getCookie(c, TOKEN_COOKIE);
  return cookie ? { token: cookie, kind: 'cookie' } : undefined;
}

/** Loads the session user if any; refuses non-public routes without one. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const read = readToken(c);
  const open = isPublic(c.req.method, c.req.path);
  if (!read) {
    if (open) return next();
    throw unauthorized();
  }
  const { db, config, clock } = c.var;
  const now = clock.now();
  const claims = await verifySession(config.jwtSecret, read.token, now, read.kind);
  if (!claims) {
    if (open) return next();
    throw unauthorized();
  }
  SESSION ??= compile(db, sessionStatement());
  c.set('pendingSession', {
    values: { jti: claims.jti, sub: claims.sub, kind: read.kind, now, known: knownAclVersion() },
    open,
  });
  if (open || !readsWithSession(c)) await settleSession(c);
  await next();
});

/** Whether the route that will answer reads the session in its own batch. */
function readsWithSession(c: Context): boolean {
  if (c.req.method !== 'GET') return false;
  return matchedRoutes(c).some((r) => {
    const policy = (r.handler as Partial<PolicyMarked>).policy;
    return (policy?.kind === 'permission' || policy?.kind === 'session') && policy.onRead === true;
  });
}

/**
 * Reads the pending session (or takes its row from a batch that carried it) and applies it:
 * 401 without a live session on a private route, 403 for a role that requires two-factor
 * sign-in not yet set up, else the user and its permissions go on the context. Idempotent.
 */
async function settleSession(c: Context<AppEnv>, fromBatch?: ResultSet): Promise<void> {
  const pending = c.var.pendingSession;
  if (!pending) return;
  c.set('pendingSession', undefined);
  const { db } = c.var;
  const session = async (values: SessionValues) =>
    (await run(db, bind(SESSION!, values))).rows as unknown as SessionRow[];
  let [row] = fromBatch ? (fromBatch.rows as unknown as SessionRow[]) : await session(pending.values);
  if (!row) {
    if (pending.open) return;
    throw unauthorized();
  }
  let held = permissionsOf(row.roleIds, row.aclVersion, row.aclMap);
  if (!held) {
    // The map of that version is no longer held here: ask again, the map comes back.
    [row] = await session({ ...pending.values, known: '' });
    if (!row) throw unauthorized();
    held = permissionsOf(row.roleIds, row.aclVersion, row.aclMap)!;
  }
  // A role that requires two-factor sign-in leaves its holder only the way to enrol.
  if (row.mustEnrol && !ENROL_PATHS.test(`${c.req.method} ${c.req.path}`))
    throw new HttpError(403, MSG.totpRequiredByRole, undefined, undefined, { code: 'TOTP_REQUERIDO' });
  c.set('user', {
    id: row.id,
    email: row.email,
    userName: row.userName,
    photoKey: row.photoKey,
    updatedAt: row.updatedAt,
  });
  c.set('jti', pending.values.jti);
  c.set('permissions', held);
  // Throttled last-use stamp, after the answer: a read never waits on a write.
  const { now, jti } = pending.values;
  if (now - row.lastUsedAt > TOUCH_EVERY_MS)
    afterResponse(c, () => db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.jti, jti)));
}

/**
 * A read's statements, run after the session or together with it: on a `requiresOnRead` route the
 * session statement leads the same batch (one round trip to Turso instead of two), and nothing
 * the batch read leaves this function unless the session is live and holds the route's
 * permissions (decision 0018). Elsewhere it is a plain batch.
 */
export async function readBatch(c: Context<AppEnv>, statements: InStatement[]): Promise<ResultSet[]> {
  const pending = c.var.pendingSession;
  if (!pending) return runBatch(c.var.db, statements);
  const [session, ...rest] = await runBatch(c.var.db, [bind(SESSION!, pending.values), ...statements]);
  await settleSession(c, session);
  checkCodes(c, pending.codes ?? []);
  return rest;
}

function checkCodes(c: Context<AppEnv>, codes: readonly string[]) {
  if (!c.var.user) throw unauthorized();
  if (!codes.every((p) => c.var.permissions.has(p))) throw forbidden();
}

/**
 * The session statement, with its values as placeholders. A token counts only where it was
 * issued for: a cookie JWT is never a Bearer token (decision 0031). Built once per process or
 * isolate: drizzle's building of it cost more than SQLite's running of it (decision 0017).
 */
const sessionStatement = () => sql`
  select ${users.id} as id, ${users.email} as email, ${users.userName} as userName, ${users.photoKey} as photoKey,
    ${users.updatedAt} as updatedAt, ${sessions.lastUsedAt} as lastUsedAt, ${acl.roleIds(users.id)} as roleIds,
    ${acl.current} as aclVersion, ${acl.mapUnless(sql.placeholder('known'))} as aclMap, ${mustEnrolTotp} as mustEnrol
  from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
  where ${sessions.jti} = ${sql.placeholder('jti')} and ${sessions.userId} = ${sql.placeholder('sub')} and ${sessions.kind} = ${sql.placeholder('kind')}
    and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${sql.placeholder('now')} and ${users.activo} = 1`;
let SESSION: Compiled | undefined;

type SessionRow = {
  id: number;
  email: string;
  userName: string;
  photoKey: string | null;
  updatedAt: number;
  lastUsedAt: number;
  roleIds: string | null;
  aclVersion: string;
  aclMap: string | null;
  mustEnrol: number;
};

/**
 * The permission codes a user holds through active roles, comma-joined (no code holds a comma).
 * Permissions come from the database on every request, never from the token.
 */
function permissionCodes(userId: SQLWrapper | number) {
  return sql`select group_concat(distinct ${permissions.code}) from ${userRoles}
      join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.activo} = 1
      join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
      join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      where ${userRoles.userId} = ${userId}`;
}

export async function loadPermissions(db: AppEnv['Variables']['db'], userId: number): Promise<Set<string>> {
  const row = await db.get<{ codes: string | null }>(sql`select (${permissionCodes(userId)}) as codes`);
  return new Set(row?.codes ? row.codes.split(',') : []);
}

// Route policy markers. Every non-public route carries exactly one; the route-matrix test reads
// them from `app.routes` to know what each route requires.
export type Policy =
  | { kind: 'session'; onRead?: true }
  | { kind: 'permission'; codes: string[]; onRead?: true }
  | { kind: 'any'; codes: string[] }
  /** A public route whose caller proves itself by a signature in the request (a gateway's webhook). */
  | { kind: 'webhook'; provider: string };
export type PolicyMarked = MiddlewareHandler<AppEnv> & { policy: Policy };

/** Any signed-in user (the route acts on the caller's own account). */
export function signedIn(): PolicyMarked {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    await settleSession(c);
    if (!c.var.user) throw unauthorized();
    await idempotent(c, next);
  });
  return Object.assign(mw, { policy: { kind: 'session' } as Policy });
}

/**
 * Any signed-in user, with the session read at the head of the handler's `readBatch` (as
 * `requiresOnRead`, decision 0018): for reads whose statements filter by the caller's permissions
 * themselves (the global search), one database round trip. Nothing the batch read leaves
 * `readBatch` without a live session.
 */
export function signedInOnRead(): PolicyMarked {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.pendingSession) {
      if (!c.var.user) throw unauthorized();
      return next();
    }
    await next();
    if (c.var.pendingSession) {
      await settleSession(c);
      if (!c.var.user) throw unauthorized();
    }
  });
  return Object.assign(mw, { policy: { kind: 'session', onRead: true } as Policy });
}

/** Requires every listed permission. */
export function requires(...codes: string[]): PolicyMarked {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    await settleSession(c);
    checkCodes(c, codes);
    await idempotent(c, next);
  });
  return Object.assign(mw, { policy: { kind: 'permission', codes } as Policy });
}

/**
 * Requires every listed permission, checked against the session statement that travels at the
 * head of the handler's `readBatch` (decision 0018): a GET read in one database round trip. The
 * handler must read through `readBatch` before it uses the user or touches the database
 * otherwise. Should it answer without reading (bad input, a missing row), the session is read
 * then, and the answer still goes only to a holder of the permissions.
 */
export function requiresOnRead(...codes: string[]): PolicyMarked {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    const pending = c.var.pendingSession;
    if (!pending) {
      checkCodes(c, codes);
      return next();
    }
    pending.codes = codes;
    await next();
    if (c.var.pendingSession) {
      await settleSession(c);
      checkCodes(c, codes);
    }
  });
  return Object.assign(mw, { policy: { kind: 'permission', codes, onRead: true } as Policy });
}

/**
 * A provider's webhook: public (it is on PUBLIC_ROUTES, no session), and the handler accepts the
 * request only if the provider's signature over it verifies; 401 otherwise (decisions 0141, 0342).
 */
export function webhook(provider: string): PolicyMarked {
  const mw = createMiddleware<AppEnv>(async (_c, next) => next());
  return Object.assign(mw, { policy: { kind: 'webhook', provider } as Policy });
}

/** Requires any one of the listed permissions (e.g. a screen shared by two roles). */
export function requiresAny(...codes: string[]): PolicyMarked {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    await settleSession(c);
    if (!c.var.user) throw unauthorized();
    if (!codes.some((p) => c.var.permissions.has(p))) throw forbidden();
    await idempotent(c, next);
  });
  return Object.assign(mw, { policy: { kind: 'any', codes } as Policy });
}
