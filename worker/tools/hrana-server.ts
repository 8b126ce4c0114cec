// A minimal Hrana-over-HTTP server (protocol v2, JSON): what `@libsql/client/web` speaks to Turso.
// It lets the bundled Worker, running in workerd (Miniflare or `wrangler dev`), reach a real SQLite
// file migrated and seeded with the project's own code: `npm run preview:edge` (edge-preview.ts)
// serves its database with it, and the Worker test suites theirs. Local tooling, never deployed.
//
// What the client sends (node_modules/@libsql/hrana-client/lib-esm/http): `openHttp` defaults to
// protocol v2, so it goes straight to POST /v2/pipeline with `{baton, requests}`; the v3 probes
// (GET /v3, /v3-protobuf) are answered 404 in case a newer client makes them, which makes it fall
// back to v2. Every `execute`/`batch` of the client is one stream: store_sql (the client's SQL
// cache), then the request, then `close`, all in a single pipeline. Interactive transactions keep a
// stream open across requests, so a baton maps to a stream that owns one SQLite connection.
//
// Connections are opened with `libsql`, the native driver under `@libsql/client`'s `file:` client:
// the pooled file client rolls back whatever a borrowed connection left open, so it cannot keep
// a BEGIN from one batch step to the next the way a Hrana stream must.
import Database from 'libsql';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Conn = InstanceType<typeof Database>;
type ProtoValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };
type ProtoStmt = {
  sql?: string;
  sql_id?: number;
  args?: ProtoValue[];
  named_args?: { name: string; value: ProtoValue }[];
  want_rows?: boolean;
};
type ProtoCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: ProtoCond }
  | { type: 'and' | 'or'; conds: ProtoCond[] }
  | { type: 'is_autocommit' };
type ProtoBatch = { steps: { condition?: ProtoCond | null; stmt: ProtoStmt }[] };
type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: ProtoStmt }
  | { type: 'batch'; batch: ProtoBatch }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'describe'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' };
type StmtResult = {
  cols: { name: string | null; decltype: string | null }[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};
type Stream = { conn: Conn; sqls: Map<number, string> };

class HranaError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export type HranaServer = {
  url: string;
  /** Every SQL text executed, in order (batch steps that ran, executes, sequences). */
  log: string[];
  /** HTTP requests received, as `METHOD /path`: each is one database round trip of a client. */
  requests: string[];
  close(): Promise<void>;
};

function decodeValue(v: ProtoValue): unknown {
  switch (v.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(v.value);
    case 'float':
      return Number(v.value);
    case 'text':
      return v.value;
    case 'blob':
      return Buffer.from(v.base64, 'base64');
    default:
      throw new HranaError(
        `Unknown value type ${JSON.stringify((v as { type: unknown }).type)}`,
        'PROTO_ERROR',
      );
  }
}

function encodeValue(v: unknown): ProtoValue {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  // Statements run with safeIntegers, so INTEGER comes back as bigint and a number is always REAL.
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  if (v instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(v).toString('base64') };
  if (v instanceof ArrayBuffer) return { type: 'blob', base64: Buffer.from(v).toString('base64') };
  throw new HranaError(`Cannot encode value of type ${typeof v}`, 'PROTO_ERROR');
}

function toError(err: unknown): { message: string; code?: string } {
  if (err instanceof HranaError) return { message: err.message, ...(err.code ? { code: err.code } : {}) };
  const e = err as { message?: string; code?: unknown };
  return { message: e?.message ?? String(err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) };
}

/** `latencyMs` delays every HTTP answer, as the network to a remote Turso would. */
export async function startHranaServer(
  dbPath: string,
  opts: { latencyMs?: number } = {},
): Promise<HranaServer> {
  const log: string[] = [];
  const requests: string[] = [];
  const streams = new Map<string, Stream>();
  const idle: Conn[] = [];
  const all = new Set<Conn>();

  function openConn(): Conn {
    const reused = idle.pop();
    if (reused) return reused;
    const conn = new Database(dbPath);
    conn.exec('PRAGMA busy_timeout = 2000');
    conn.exec('PRAGMA foreign_keys = ON');
    all.add(conn);
    return conn;
  }

  function releaseConn(conn: Conn) {
    if (conn.inTransaction) conn.exec('ROLLBACK');
    idle.push(conn);
  }

  function sqlOf(stream: Stream, s: { sql?: string; sql_id?: number }): string {
    if (typeof s.sql === 'string') return s.sql;
    if (typeof s.sql_id === 'number') {
      const text = stream.sqls.get(s.sql_id);
      if (text === undefined) throw new HranaError(`SQL text ${s.sql_id} not found`, 'SQL_NOT_FOUND');
      return text;
    }
    throw new HranaError('Statement has neither sql nor sql_id', 'PROTO_ERROR');
  }

  // Prepared statements are kept per connection, as a hosted libSQL server does (the client's
  // store_sql exists for that): the bench then measures the Worker, not this server re-parsing SQL.
  const statements = new WeakMap<Conn, Map<string, ReturnType<Conn['prepare']>>>();
  function prepare(conn: Conn, sql: string) {
    let cache = statements.get(conn);
    if (!cache) statements.set(conn, (cache = new Map()));
    let st = cache.get(sql);
    if (!st) {
      st = conn.prepare(sql);
      if (cache.size >= 500) cache.delete(cache.keys().next().value!);
      cache.set(sql, st);
    }
    return st;
  }

  function execute(stream: Stream, stmt: ProtoStmt): StmtResult {
    const { conn } = stream;
    const sql = sqlOf(stream, stmt);
    log.push(sql);
    const prepared = prepare(conn, sql);
    prepared.safeIntegers(true);
    let args: unknown[] | Record<string, unknown> = (stmt.args ?? []).map(decodeValue);
    if (stmt.named_args?.length) {
      const named: Record<string, unknown> = {};
      for (const { name, value } of stmt.named_args)
        named[/^[:@$]/.test(name) ? name.slice(1) : name] = decodeValue(value);
      if ((args as unknown[]).length)
        throw new HranaError('Mixing positional and named arguments is not supported here', 'ARGS_INVALID');
      args = named;
    }
    const before = totalChanges(conn);
    let cols: StmtResult['cols'] = [];
    let rows: ProtoValue[][] = [];
    // One argument, an array or an object, exactly as @libsql/client's sqlite3 driver binds.
    if (prepared.reader) {
      cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type ?? null }));
      const raw = prepared.raw(true).all(args) as unknown[][];
      rows = stmt.want_rows === false ? [] : raw.map((r) => r.map(encodeValue));
    } else {
      prepared.run(args);
    }
    const [changes, lastRowid] = prepare(conn, 'select changes(), last_insert_rowid()')
      .raw(true)
      .safeIntegers(true)
      .get() as [bigint, bigint];
    const affected = totalChanges(conn) === before ? 0 : Number(changes);
    return { cols, rows, affected_row_count: affected, last_insert_rowid: lastRowid.toString() };
  }

  function totalChanges(conn: Conn): bigint {
    return (prepare(conn, 'select total_changes()').raw(true).safeIntegers(true).get() as [bigint])[0];
  }

  function batch(stream: Stream, b: ProtoBatch) {
    const step_results: (StmtResult | null)[] = [];
    const step_errors: ({ message: string; code?: string } | null)[] = [];
    const evalCond = (c: ProtoCond): boolean => {
      switch (c.type) {
        case 'ok':
          return step_results[c.step] != null;
        case 'error':
          return step_errors[c.step] != null;
        case 'not':
          return !evalCond(c.cond);
        case 'and':
          return c.conds.every(evalCond);
        case 'or':
          return c.conds.some(evalCond);
        case 'is_autocommit':
          return !stream.conn.inTransaction;
        default:
          throw new HranaError(
            `Unknown batch condition ${JSON.stringify((c as { type: unknown }).type)}`,
            'PROTO_ERROR',
          );
      }
    };
    b.steps.forEach((step, i) => {
      step_results[i] = null;
      step_errors[i] = null;
      if (step.condition && !evalCond(step.condition)) return;
      try {
        step_results[i] = execute(stream, step.stmt);
      } catch (err) {
        step_errors[i] = toError(err);
      }
    });
    return { step_results, step_errors };
  }

  function handle(stream: Stream, req: StreamRequest): { type: string; [k: string]: unknown } {
    switch (req.type) {
      case 'close':
        return { type: 'close' };
      case 'execute':
        return { type: 'execute', result: execute(stream, req.stmt) };
      case 'batch':
        return { type: 'batch', result: batch(stream, req.batch) };
      case 'sequence': {
        const sql = sqlOf(stream, req);
        log.push(sql);
        stream.conn.exec(sql);
        return { type: 'sequence' };
      }
      case 'store_sql':
        stream.sqls.set(req.sql_id, req.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        stream.sqls.delete(req.sql_id);
        return { type: 'close_sql' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: !stream.conn.inTransaction };
      case 'describe':
        throw new HranaError('describe is not supported by this test server', 'NOT_SUPPORTED');
      default:
        throw new HranaError(
          `Unknown request type ${JSON.stringify((req as { type: unknown }).type)}`,
          'PROTO_ERROR',
        );
    }
  }

  function pipeline(body: { baton?: string | null; requests: StreamRequest[] }) {
    let stream: Stream;
    if (body.baton) {
      const found = streams.get(body.baton);
      if (!found)
        throw Object.assign(new HranaError('Stream not found (invalid or expired baton)', 'STREAM_EXPIRED'), {
          status: 400,
        });
      streams.delete(body.baton);
      stream = found;
    } else {
      stream = { conn: openConn(), sqls: new Map() };
    }
    let closed = false;
    const results = body.requests.map((req) => {
      if (closed) return { type: 'error', error: { message: 'Stream is closed', code: 'STREAM_CLOSED' } };
      try {
        const response = handle(stream, req);
        if (req.type === 'close') closed = true;
        return { type: 'ok', response };
      } catch (err) {
        return { type: 'error', error: toError(err) };
      }
    });
    let baton: string | null = null;
    if (closed) {
      releaseConn(stream.conn);
    } else {
      baton = randomBytes(12).toString('hex');
      streams.set(baton, stream);
    }
    return { baton, base_url: null, results };
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(`${req.method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown, type = 'application/json') => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
    if (req.method === 'GET' && path === '/v2') return send(200, '', 'text/plain');
    if (req.method === 'POST' && path === '/v2/pipeline') {
      let body: { baton?: string | null; requests: StreamRequest[] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (!Array.isArray(body?.requests)) throw new Error('requests must be an array');
      } catch (err) {
        return send(400, {
          message: `Invalid pipeline body: ${(err as Error).message}`,
          code: 'PROTO_ERROR',
        });
      }
      try {
        return send(200, pipeline(body));
      } catch (err) {
        return send((err as { status?: number }).status ?? 500, toError(err));
      }
    }
    return send(404, 'Not found', 'text/plain');
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  // Node closes an idle keep-alive connection after 5 s; workerd may reuse it just then ("Network
  // connection lost") when a request spends longer between two statements, e.g. streaming a 40 MB
  // upload to R2 under load. Keep idle connections as a hosted server does.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    log,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          for (const conn of all) conn.close();
          streams.clear();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
