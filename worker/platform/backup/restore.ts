// Loading a backup into an empty database (docs/decisions/0355): tables first, then their rows with
// foreign-key checks off (libSQL's `migrate`: one transaction each, on a file and over HTTP alike),
// then full-text indexes rebuilt, then indexes and triggers (so the triggers do not fire on
// restored rows), and a foreign-key check at the end.
import type { InStatement } from '@libsql/client';
import {
  fromHex,
  FORMAT,
  isExternalContent,
  isVirtual,
  quoteName,
  type Header,
  type SchemaObject,
} from './format';

/** What restore needs of a client: statements, and batches with foreign keys off. */
export type RestoreTarget = {
  execute(stmt: InStatement | string): Promise<{ rows: ArrayLike<unknown>[] | unknown[] }>;
  migrate(stmts: InStatement[]): Promise<unknown>;
};

export class RestoreRefused extends Error {}

const PARAMS_PER_STATEMENT = 30_000;
const STATEMENTS_PER_BATCH = 8;

/** Names of the user tables, views and triggers in the target (the empty check, and --force). */
export async function existingObjects(db: RestoreTarget) {
  const res = await db.execute(
    "select type, name from sqlite_master where type in ('table', 'view', 'trigger') and name not like 'sqlite_%' and name not like '_litestream%' and name not like 'libsql_%' and name not like '_cf_%'",
  );
  return (res.rows as unknown as { type: string; name: string }[]).map((r) => ({
    type: String(r.type),
    name: String(r.name),
  }));
}

/** Empties the target (`--force`): views, triggers and tables dropped with foreign keys off. */
async function dropAll(db: RestoreTarget) {
  const objects = await existingObjects(db);
  const order = ['view', 'trigger', 'table'];
  const stmts = objects
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))
    .map((o) => `drop ${o.type} if exists ${quoteName(o.name)}`);
  // A virtual table drops its shadow tables itself.
  for (const sql of stmts) await db.migrate([{ sql, args: [] }]).catch(() => undefined);
}

export type RestoreSummary = { tablas: number; filas: Record<string, number>; problemas_fk: number };

/**
 * Loads the backup's lines (an async iterable of text lines) into `db`. Refuses a database that
 * holds tables unless `force`.
 */
export async function restoreBackup(
  db: RestoreTarget,
  lines: AsyncIterable<string>,
  opts: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const existing = await existingObjects(db);
  if (existing.length && !opts.force)
    throw new RestoreRefused(
      `La base de destino no está vacía (${existing.length} tablas, vistas o triggers). Use --force para reemplazarla.`,
    );
  if (existing.length) await dropAll(db);

  let header: Header | undefined;
  let table: { name: string; columns: string[]; hex: number[]; rows: unknown[][] } | undefined;
  const counts: Record<string, number> = {};
  let ended = false;
  let pending: InStatement[] = [];
  const flushStatements = async () => {
    if (pending.length) await db.migrate(pending);
    pending = [];
  };
  const flushRows = async () => {
    if (!table || !table.rows.length) return;
    const { name, columns, rows } = table;
    const per = Math.max(1, Math.min(500, Math.floor(PARAMS_PER_STATEMENT / Math.max(columns.length, 1))));
    const cols = columns.map(quoteName).join(', ');
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      pending.push({
        sql: `insert into ${quoteName(name)} (${cols}) values ${chunk.map(() => tuple).join(', ')}`,
        args: chunk.flat() as never,
      });
      if (pending.length >= STATEMENTS_PER_BATCH) await flushStatements();
    }
    table.rows = [];
  };

  const sequence: unknown[][] = [];
  for await (const raw of lines) {
    if (!raw) continue;
    const line = JSON.parse(raw) as unknown;
    if (!header) {
      const h = line as Header;
      if (h.formato !== FORMAT) throw new RestoreRefused('El archivo no es un respaldo de esta aplicación.');
      header = h;
      await createTables(db, h.objetos);
      continue;
    }
    if (Array.isArray(line)) {
      if (!table) throw new RestoreRefused('El respaldo está dañado: filas sin tabla.');
      const values = line as unknown[];
      for (const k of table.hex) if (typeof values[k] === 'string') values[k] = fromHex(values[k] as string);
      counts[table.name] = (counts[table.name] ?? 0) + 1;
      if (table.name === 'sqlite_sequence') sequence.push(values);
      else {
        table.rows.push(values);
        if (table.rows.length >= 2000) await flushRows();
      }
      continue;
    }
    const record = line as {
      tabla?: string;
      columnas?: string[];
      hex?: string[];
      fin?: boolean;
      filas?: Record<string, number>;
    };
    if (record.tabla) {
      await flushRows();
      const columns = record.columnas ?? [];
      table = {
        name: record.tabla,
        columns,
        hex: (record.hex ?? []).map((c) => columns.indexOf(c)),
        rows: [],
      };
    } else if (record.fin) {
      await flushRows();
      await flushStatements();
      for (const [t, n] of Object.entries(record.filas ?? {}))
        if ((counts[t] ?? 0) !== n)
          throw new RestoreRefused(
            `El respaldo está incompleto: ${t} tiene ${counts[t] ?? 0} filas de ${n}.`,
          );
      ended = true;
    }
  }
  if (!header) throw new RestoreRefused('El archivo está vacío.');
  if (!ended) throw new RestoreRefused('El respaldo está incompleto: falta su final.');

  if (sequence.length) {
    await db.migrate([
      { sql: 'delete from sqlite_sequence', args: [] },
      ...sequence.map((r) => ({
        sql: 'insert into sqlite_sequence (name, seq) values (?, ?)',
        args: r as never,
      })),
    ]);
  }
  await createRest(db, header.objetos);
  const fk = await db.execute('pragma foreign_key_check');
  return { tablas: Object.keys(counts).length, filas: counts, problemas_fk: fk.rows.length };
}

/** Ordinary tables and the FTS5 tables that hold their own rows. */
async function createTables(db: RestoreTarget, objects: SchemaObject[]) {
  const shadows = new Set(
    objects
      .filter(isVirtual)
      .flatMap((v) => ['_data', '_idx', '_content', '_docsize', '_config'].map((s) => `${v.name}${s}`)),
  );
  const stmts = objects
    .filter(
      (o) =>
        o.type === 'table' && o.name !== 'sqlite_sequence' && !shadows.has(o.name) && !isExternalContent(o),
    )
    .map((o) => ({ sql: o.sql, args: [] }));
  await db.migrate(stmts);
}

/** FTS5 tables over other tables (rebuilt from them), then indexes, triggers and views. */
async function createRest(db: RestoreTarget, objects: SchemaObject[]) {
  const external = objects.filter(isExternalContent);
  await db.migrate([
    ...external.flatMap((o) => [
      { sql: o.sql, args: [] },
      { sql: `insert into ${quoteName(o.name)} (${quoteName(o.name)}) values ('rebuild')`, args: [] },
    ]),
    ...['index', 'trigger', 'view'].flatMap((type) =>
      objects.filter((o) => o.type === type).map((o) => ({ sql: o.sql, args: [] })),
    ),
  ]);
}
