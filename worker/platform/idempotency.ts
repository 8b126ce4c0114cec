// Idempotent writes (docs/decisions/0120-idempotency-key-claimed-with-the-write.md).
//
// A write that carries an `Idempotency-Key` header is answered once per user and key: a repeat
// gets the first answer (same status and body) and runs nothing. The key is claimed by an insert
// that rides in the same batch as the request's FIRST write statement (whatever path issues it:
// the database port handed to the handler prepends the claim), so the claim commits exactly when
// the write does, on the embedded libSQL file and over HTTP alike. The answer is stored after.
import type { Client, InArgs, InStatement, ResultSet, TransactionMode } from '@libsql/client';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Context, Next } from 'hono';
import { idempotencyKeys } from '../db/schema';
import { MSG } from '../shared/messages';
import { createDb, type Db } from './db';
import { HttpError } from './errors';
import type { AppEnv } from './ports';

/** How long a key (and its stored answer) is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim with no answer after this long is reported as an answer lost, not one in flight. */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotency-Replayed';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const WRITE_SQL = /^\s*(insert|update|delete|replace)\b/i;

/** Another request with the same key claimed it first (its write batch won the primary key). */
class ClaimTaken extends HttpError {
  constructor() {
    super(409, MSG.idempotencyInFlight);
  }
}

const hex = (buf: ArrayBuffer) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The body's pieces between occurrences of `needle` (a multipart boundary differs per send); views, no copies. */
function piecesWithout(body: Uint8Array<ArrayBuffer>, needle: Uint8Array): Uint8Array<ArrayBuffer>[] {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let from = 0;
  let at = needle.length ? body.indexOf(needle[0]!, from) : -1;
  while (at !== -1 && at + needle.length <= body.length) {
    let hit = true;
    for (let i = 1; i < needle.length; i++)
      if (body[at + i] !== needle[i]) {
        hit = false;
        break;
      }
    if (hit) {
      parts.push(body.subarray(from, at));
      from = at + needle.length;
      at = body.indexOf(needle[0]!, from);
    } else at = body.indexOf(needle[0]!, at + 1);
  }
  parts.push(body.subarray(from));
  return parts;
}

type DigestStreamClass = new (
  algorithm: string,
) => WritableStream<Uint8Array> & { digest: Promise<ArrayBuffer> };

/**
 * SHA-256 of the pieces in order. On workerd a DigestStream hashes them where they lie, so a
 * 48 MB upload is not copied once more (decision 0021); elsewhere they are joined first.
 */
async function sha256(parts: Uint8Array<ArrayBuffer>[]): Promise<string> {
  const Digest = (crypto as unknown as { DigestStream?: DigestStreamClass }).DigestStream;
  if (Digest) {
    const stream = new Digest('SHA-256');
    const writer = stream.getWriter();
    for (const p of parts) await writer.write(p);
    await writer.close();
    return hex(await stream.digest);
  }
  const whole = parts.length === 1 ? parts[0]! : new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  if (parts.length > 1) {
    let o = 0;
    for (const p of parts) {
      whole.set(p, o);
      o += p.length;
    }
  }
  return hex(await crypto.subtle.digest('SHA-256', whole));
}

/**
 * SHA-256 of method, path with query, media type and body; a multipart body hashes without its
 * boundary. The body is the one Hono keeps for the handler (the JSON guard and the form parser
 * read the same cached bytes).
 */
export async function requestHash(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  const body = new Uint8Array(await c.req.arrayBuffer());
  const type = c.req.header('Content-Type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const bodyHash = await sha256(boundary ? piecesWithout(body, new TextEncoder().encode(boundary)) : [body]);
  const head = `${c.req.method} ${url.pathname}${url.search} ${type.split(';')[0]!.trim().toLowerCase()} ${bodyHash}`;
  return sha256([new TextEncoder().encode(head) as Uint8Array<ArrayBuffer>]);
}

const keyed = new WeakSet<Context>();

type Claim = { committed: boolean; pending: boolean; closed: boolean };

const textOf = (s: InStatement | string) => (typeof s === 'string' ? s : s.sql);
const chainHas = (err: unknown, test: (e: unknown) => boolean) => {
  for (let e = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) if (test(e)) return true;
  return false;
};
const isClaimRace = (err: unknown) =>
  chainHas(err, (e) => {
    const m = (e as { message?: unknown }).message;
    return typeof m === 'string' && m.includes('UNIQUE constraint failed: idempotency_keys.');
  });

/**
 * The database port for one keyed request: its first write (a single statement or a batch)
 * goes out as one batch led by the claim statements. A claim lost to a concurrent request with
 * the same key fails that batch as a whole (primary key), so the write is never done twice.
 */
function claimingDb(db: Db, claimStatements: InStatement[], state: Claim): Db {
  const client = (db as unknown as { $client: Client }).$client;
  const claimed = async <T>(
    statements: InStatement[],
    mode: TransactionMode | undefined,
    pick: (r: ResultSet[]) => T,
  ) => {
    state.pending = false;
    try {
      const results = await client.batch([...claimStatements, ...statements], mode ?? 'deferred');
      state.committed = true;
      return pick(results.slice(claimStatements.length));
    } catch (err) {
      state.pending = true;
      if (isClaimRace(err)) throw new ClaimTaken();
      throw err;
    }
  };
  const proxy = new Proxy(client, {
    get(target, prop) {
      if (prop === 'execute')
        return (stmt: InStatement | string, args?: InArgs) => {
          const statement: InStatement = typeof stmt === 'string' ? { sql: stmt, args: args ?? [] } : stmt;
          if (!state.pending || state.closed || !WRITE_SQL.test(textOf(statement)))
            return target.execute(statement);
          return claimed([statement], 'write', (r) => r[0]!);
        };
      if (prop === 'batch')
        return (statements: InStatement[], mode?: TransactionMode) => {
          if (!state.pending || state.closed || !statements.some((s) => WRITE_SQL.test(textOf(s))))
            return target.batch(statements, mode);
          return claimed(statements, mode, (r) => r);
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return createDb(proxy);
}

/**
 * Runs a signed-in write with its `Idempotency-Key`, if it has one (called by the route policy
 * markers after the session and permissions are checked, so a key is looked up only for its
 * owner and only where that owner may still write).
 */
export async function idempotent(c: Context<AppEnv>, next: Next): Promise<void> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  const user = c.var.user;
  if (key === undefined || !WRITE.has(c.req.method) || !user || keyed.has(c)) return next();
  keyed.add(c); // a route behind two markers is keyed once
  if (!KEY_FORMAT.test(key)) throw new HttpError(400, MSG.idempotencyKeyFormat);
  const { db, clock } = c.var;
  const now = clock.now();
  const hash = await requestHash(c);
  const mine = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.clave, key));
  const stored = () =>
    db
      .select()
      .from(idempotencyKeys)
      .where(and(mine, gt(idempotencyKeys.expiresAt, now)))
      .get();
  // An upload is looked up first: its handler stores the file before its first write, and a
  // repeat must not store it again. A JSON write is not: its claim rides in its write batch, and
  // only a request that wrote nothing looks the key up, after (one round trip saved per write).
  const looksFirst = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/');
  if (looksFirst) {
    const row = await stored();
    if (row) return answerFrom(c, row, hash, now);
  }

  // The claim: this user's expired keys go (this key's among them), then the key is inserted.
  const claimStatements = [
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), lte(idempotencyKeys.expiresAt, now))),
    db.insert(idempotencyKeys).values({
      userId: user.id,
      clave: key,
      requestHash: hash,
      createdAt: now,
      expiresAt: now + IDEMPOTENCY_TTL_MS,
    }),
  ].map((q) => {
    const built = q.toSQL();
    return { sql: built.sql, args: built.params as InArgs };
  });
  const state: Claim = { committed: false, pending: true, closed: false };
  c.set('db', claimingDb(db, claimStatements, state));
  try {
    await next();
  } finally {
    state.closed = true;
    c.set('db', db);
  }
  if (!state.committed) {
    // Nothing written here. An earlier request with this key may have written (its claim failed
    // ours, or what it wrote made the handler refuse or pass): then this is a repeat.
    const earlier = await stored();
    if (earlier) {
      try {
        return answerFrom(c, earlier, hash, now);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        c.res = c.json({ message: err.message }, err.status);
      }
    }
    return; // the key stays free: nothing to replay
  }
  const res = c.res;
  const reply = res.status === 204 ? '' : await res.clone().text();
  await db
    .update(idempotencyKeys)
    .set({ status: res.status, reply, replyType: res.headers.get('Content-Type') })
    .where(and(mine, eq(idempotencyKeys.requestHash, hash), sql`${idempotencyKeys.status} is null`));
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** A key already claimed: another request (422), one in flight (409), or the first answer again. */
function answerFrom(c: Context<AppEnv>, row: KeyRow, hash: string, now: number): void {
  if (row.requestHash !== hash) throw new HttpError(422, MSG.idempotencyKeyReused);
  if (row.status === null)
    throw new HttpError(
      409,
      now - row.createdAt > IDEMPOTENCY_STALE_MS ? MSG.idempotencyAnswerLost : MSG.idempotencyInFlight,
    );
  const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
  if (row.replyType) headers['Content-Type'] = row.replyType;
  c.res = new Response(row.status === 204 || row.status === 304 ? null : row.reply, {
    status: row.status,
    headers,
  });
}

/** Drops every expired key (the scheduled clean-up; a claim also drops its user's). */
export async function pruneIdempotencyKeys(db: Db, now: number): Promise<number> {
  const res = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
  return res.rowsAffected;
}
