// Writing a backup in bounded steps (docs/decisions/0355). The first step fixes the schema and
// each table's last rowid (its horizon); every step reads pages of rows by rowid until its budget
// of requests, time or bytes is spent, and returns the lines and the cursor to go on from.
import {
  dataTables,
  encodeCell,
  FORMAT,
  FORMAT_VERSION,
  isVirtual,
  quoteName,
  readSchema,
  type Executor,
  type Header,
} from './format';

/** `keepRowid`: an FTS5 table holding its own rows, whose rowids its triggers address. */
export type TablePlan = { name: string; horizon: number; rowid: boolean; keepRowid?: boolean };
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

/** The header line and the plan: reads the schema and every table's horizon (one batch each). */
export async function beginBackup(
  db: Executor,
  now: number,
): Promise<{ header: string; cursor: BackupCursor }> {
  const objects = await readSchema(db);
  const tables: TablePlan[] = [];
  for (const t of dataTables(objects)) {
    const withoutRowid = /without\s+rowid\s*;?\s*$/i.test(t.sql);
    const max = withoutRowid
      ? 0
      : Number(
          (await db.execute(`select coalesce(max(rowid), 0) as m from ${quoteName(t.name)}`)).rows[0]?.m ?? 0,
        );
    tables.push({
      name: t.name,
      horizon: max,
      rowid: !withoutRowid,
      ...(isVirtual(t) ? { keepRowid: true } : {}),
    });
  }
  const header: Header = {
    formato: FORMAT,
    version: FORMAT_VERSION,
    creado: new Date(now).toISOString(),
    objetos: objects,
  };
  return { header: JSON.stringify(header), cursor: { tables, table: 0, after: 0, started: false, rows: {} } };
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
          sql: `select rowid as "__rowid", * from ${name} where rowid > ? and rowid <= ? order by rowid limit ${PAGE_ROWS}`,
          args: [cursor.after, t.horizon],
        })
      : await db.execute(`select * from ${name}`);
    requests++;
    slowest = Math.max(slowest, clock() - t0);
    const skip = t.rowid && !t.keepRowid ? 1 : 0;
    const columns = t.keepRowid ? ['rowid', ...res.columns.slice(1)] : res.columns.slice(skip);
    if (!cursor.started) {
      lines.push(JSON.stringify({ tabla: t.name, columnas: columns }));
      cursor.started = true;
    }
    for (const row of res.rows) {
      const values = Array.from(row).slice(skip).map(encodeCell);
      const line = JSON.stringify(values);
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
