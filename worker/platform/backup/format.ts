// The logical backup's format (docs/decisions/0355): gzip-compressed JSON lines, written by the
// same code on Node (`npm run db:backup`) and in the Worker (the nightly backup to R2).
//   1. {"formato":"members-backoffice-respaldo","version":1,"creado":ISO,"objetos":[schema objects]}
//   2. per table: {"tabla":name,"columnas":[…],"hex":[blob columns]} then one JSON array per row
//      (blob cells as hex text; integers past 2^53 lose precision in JSON, none in this schema)
//   3. {"fin":true,"filas":{table: rows}}
// A backup may come in several gzip members (one per bounded step on the Worker): their bytes
// concatenated are one valid gzip stream of the same lines.
import type { InStatement, ResultSet } from '@libsql/client';

export const FORMAT = 'members-backoffice-respaldo';
export const FORMAT_VERSION = 1;

/** What can run statements: a libSQL client, or its read transaction. */
export type Executor = {
  execute(stmt: InStatement): Promise<ResultSet>;
  batch(stmts: InStatement[]): Promise<ResultSet[]>;
};

export type SchemaObject = { type: string; name: string; tbl_name: string; sql: string };
export type Header = { formato: string; version: number; creado: string; objetos: SchemaObject[] };

const FTS5_SHADOWS = ['_data', '_idx', '_content', '_docsize', '_config'];
const INTERNAL = /^(sqlite_|_litestream|libsql_|_cf_)/;

export const isVirtual = (o: SchemaObject) => o.type === 'table' && /^create virtual table/i.test(o.sql);
/** An FTS5 table that indexes another table's rows (content=…): rebuilt, not copied. */
export const isExternalContent = (o: SchemaObject) => isVirtual(o) && /content\s*=\s*'[^']+'/i.test(o.sql);

/** Tables whose rows the backup carries, in schema order; shadow tables of FTS5 stay out. */
export function dataTables(objects: SchemaObject[]): SchemaObject[] {
  const shadows = new Set(
    objects.filter(isVirtual).flatMap((v) => FTS5_SHADOWS.map((suffix) => `${v.name}${suffix}`)),
  );
  return objects.filter(
    (o) =>
      o.type === 'table' &&
      !shadows.has(o.name) &&
      !(INTERNAL.test(o.name) && o.name !== 'sqlite_sequence') &&
      !isExternalContent(o),
  );
}

export async function readSchema(db: Executor): Promise<SchemaObject[]> {
  const res = await db.execute(
    'select type, name, tbl_name, sql from sqlite_master where sql is not null order by rowid',
  );
  return res.rows
    .map((r) => ({
      type: String(r.type),
      name: String(r.name),
      tbl_name: String(r.tbl_name),
      sql: String(r.sql),
    }))
    .filter((o) => !INTERNAL.test(o.name) || o.name === 'sqlite_sequence');
}

/** A hex text (a blob column's cell in the file) as bytes. */
export function fromHex(text: string): Uint8Array {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
