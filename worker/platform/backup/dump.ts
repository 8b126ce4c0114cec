// Writing a backup in bounded steps (docs/decisions/0355). The first step fixes the schema and
// each table's last rowid (its horizon) in one batch; every step reads pages of rows by rowid
// until its budget of requests, time or bytes is spent, and returns the lines and the cursor to
// go on from. SQLite writes each row's JSON itself (`json_array`): the client receives one text
// per row instead of building a row object per cell, which is most of the cost in JavaScript.
import {
  dataTables,
  FORMAT,
  FORMAT_VERSION,
  isVirtual,
  quoteName,
  readSchema,
  type Executor,
  type Header,
} from './format';

/**
 * `columns` in the file's order; `hex`: those holding blobs, sent as hex text (JSON has no bytes);
 * `keepRowid`: an FTS5 table holding its own rows, whose rowids its triggers address.
 */
export type TablePlan = {
  name: string;
  horizon: number;
  rowid: boolean;
  columns: string[];
  hex: string[];
  keepRowid?: boolean;
};
export type BackupCursor = {
  tables: TablePlan[];
  /** Index into `tables` of the table being read, and the last rowid written of it. */
  table: number;
  after: number;
  /** Whether that table's header line is written already. */
  started: boolean;
  rows: Record<string, number>;
};
export type StepBudget = { requests: number; ms: number; bytes?: number };
export const PAGE_ROWS = 2000;

/** The header line and the plan: the schema (one request), then every table's horizon and columns (one batch). */
export async function beginBackup(
  db: Executor,
  now: number,
): Promise<{ header: string; cursor: BackupCursor; requests: number }> {
  const objects = await readSchema(db);
  const tables = dataTables(objects);
  const withoutRowid = (sql: string) => /without\s+rowid\s*;?\s*$/i.test(sql);
  const probes = tables.flatMap((t) => [
    withoutRowid(t.sql) ? 'select 0 as m' : `select coalesce(max(rowid), 0) as m from ${quoteName(t.name)}`,
    `select * from ${quoteName(t.name)} limit 0`,
  ]);
  const results = probes.length ? await db.batch(probes) : [];
  const plans: TablePlan[] = tables.map((t, i) => {
    const shape = results[i * 2 + 1]!;
    const columns = [...shape.columns];
    const hex = columns.filter((_c, k) => /blob/i.test(shape.columnTypes[k] ?? ''));
    return {
      name: t.name,
      horizon: Number(results[i * 2]!.rows[0]?.m ?? 0),
      rowid: !withoutRowid(t.sql),
      columns: isVirtual(t) ? ['rowid', ...columns] : columns,
      hex,
      ...(isVirtual(t) ? { keepRowid: true } : {}),
    };
  });
  const header: Header = {
    formato: FORMAT,
    version: FORMAT_VERSION,
    creado: new Date(now).toISOString(),
    objetos: objects,
  };
  return {
    header: JSON.stringify(header),
    cursor: { tables: plans, table: 0, after: 0, started: false, rows: {} },
    requests: 1 + (probes.length ? 1 : 0),
  };
}

/** `json_array(…)` of a row's cells: blobs as hex text, NULL kept. */
function rowJson(t: TablePlan) {
  const cells = t.columns.map((c) => {
    const name = c === 'rowid' && t.keepRowid ? 'rowid' : quoteName(c);
    return t.hex.includes(c) ? `case when ${name} is null then null else hex(${name}) end` : name;
  });
  return `json_array(${cells.join(', ')})`;
}

export type StepResult = {
  lines: string[];
  cursor: BackupCursor;
  done: boolean;
  requests: number;
  bytes: number;
};

/** Reads pages until the budget is spent or every table is written; the end line comes last. */
export async function backupStep(
  db: Executor,
  start: BackupCursor,
  budget: StepBudget,
  clock: () => number = Date.now,
): Promise<StepResult> {
  const cursor: BackupCursor = structuredClone(start);
  const lines: string[] = [];
  const began = clock();
  let requests = 0;
  let bytes = 0;
  let slowest = 0;
  while (cursor.table < cursor.tables.length) {
    const spent =
      requests >= budget.requests ||
      clock() - began + slowest > budget.ms ||
      bytes >= (budget.bytes ?? Infinity);
    if (requests > 0 && spent) return { lines, cursor, done: false, requests, bytes };
    const t = cursor.tables[cursor.table]!;
    const name = quoteName(t.name);
    const t0 = clock();
    const res = t.rowid
      ? await db.execute({
          sql: `select rowid, ${rowJson(t)} from ${name} where rowid > ? and rowid <= ? order by rowid limit ${PAGE_ROWS}`,
          args: [cursor.after, t.horizon],
        })
      : await db.execute(`select 0, ${rowJson(t)} from ${name}`);
    requests++;
    slowest = Math.max(slowest, clock() - t0);
    if (!cursor.started) {
      lines.push(
        JSON.stringify({ tabla: t.name, columnas: t.columns, ...(t.hex.length ? { hex: t.hex } : {}) }),
      );
      cursor.started = true;
    }
    for (const row of res.rows) {
      const line = String(row[1]);
      bytes += line.length + 1;
      lines.push(line);
    }
    cursor.rows[t.name] = (cursor.rows[t.name] ?? 0) + res.rows.length;
    const last = res.rows.at(-1);
    if (t.rowid && res.rows.length === PAGE_ROWS && last) cursor.after = Number(last[0]);
    else {
      cursor.table++;
      cursor.after = 0;
      cursor.started = false;
    }
  }
  lines.push(JSON.stringify({ fin: true, filas: cursor.rows }));
  return { lines, cursor, done: true, requests, bytes };
}
