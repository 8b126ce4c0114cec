import { and, Column, count, eq, getTableColumns, inArray, is, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { imagenes } from '../../db/schema';
import type { Db } from '../../platform/db';
import { historyInsert } from '../../platform/audit';
import { conflict, invalid, notFound } from '../../platform/errors';
import type { InStatement, ResultSet } from '@libsql/client';
import { bind, compile, runBatch, statementCache, type Compiled } from '../../platform/compiled';
import { containsPattern, offsetOf, orderBy, orderOf, seekAfter, sortKeys, whereOf, whereTemplate, type FilterKind, type ListSpec } from '../../platform/list-query';
import { MSG } from '../../shared/messages';
import type { ListQuery } from '../../shared/list-query';
import type { ResourceDef } from '../../shared/resource-types';
import { RESOURCES, resource } from '../../shared/resources';
import { camel, columnOf, snake, tableOf } from './tables';

export type Row = Record<string, unknown>;

const FILTER_KIND: Record<string, FilterKind> = { text: 'text', eq: 'eq', ref: 'int', bool: 'bool', daterange: 'daterange' };

export function listSpecOf(def: ResourceDef): ListSpec {
  const table = tableOf(def.key);
  const sorts: ListSpec['sorts'] = { id: columnOf(table, 'id'), created_at: columnOf(table, 'created_at') };
  for (const c of def.columns) if (c.sortable) sorts[c.field] = columnOf(table, c.field);
  const filters: ListSpec['filters'] = {};
  for (const f of def.filters) filters[f.field] = { kind: FILTER_KIND[f.kind]!, column: columnOf(table, f.field) };
  return { sorts, filters, defaultSort: { key: def.defaultSort.field, dir: def.defaultSort.dir } };
}

/**
 * The columns of a list or detail read: the table's own, plus `{field}_label` for references,
 * `{field}_items` for chip lists and the image count and cover, each as a correlated subquery so
 * the whole page is one statement (one database round trip with its total, decision 0014).
 */
function selection(def: ResourceDef, table: SQLiteTable) {
  let fields = SELECTIONS.get(def.key);
  if (!fields) SELECTIONS.set(def.key, (fields = buildSelection(def, table)));
  return fields;
}

/** Built once per entry: the columns and subqueries are plain query parts, reused by every read. */
const SELECTIONS = new Map<string, Record<string, SQLiteColumn | SQL>>();

function buildSelection(def: ResourceDef, table: SQLiteTable) {
  const extra: Record<string, SQL> = {};
  const own = (field: string) => columnOf(table, field);
  for (const f of def.fields) {
    if (f.kind !== 'ref' && f.kind !== 'refs') continue;
    const target = resource(f.ref!);
    const tt = tableOf(target.key);
    const [tid, tlabel] = [columnOf(tt, 'id'), columnOf(tt, target.labelField)];
    if (f.kind === 'ref') extra[`${f.name}_label`] = sql`(select ${tlabel} from ${tt} where ${tid} = ${own(f.name)})`;
    else extra[`${f.name}_pairs`] = sql`(select json_group_array(json_array(${tid}, ${tlabel})) from ${tt} where ${tid} in (select value from json_each(${own(f.name)})))`;
  }
  if (def.images) {
    const mine = sql`${imagenes.owner} = ${def.key} and ${imagenes.ownerId} = ${own('id')}`;
    extra.imagenes = sql`(select count(*) from ${imagenes} where ${mine})`;
    extra.cover_id = sql`(select ${imagenes.id} from ${imagenes} where ${mine} order by ${imagenes.orden}, ${imagenes.id} limit 1)`;
  }
  return { ...getTableColumns(table), ...extra };
}

/** A stored row as the API shows it: snake_case keys, JSON id lists parsed, labels attached. */
function toApi(def: ResourceDef, row: Row): Row {
  return apiMapper(def)(row);
}

const MAPPERS = new Map<string, (row: Row) => Row>();

/**
 * The row mapper of one registry entry, worked out once per entry and process: which selected
 * properties the API shows under which snake_case key, which are id lists, where labels come from.
 * A list page maps 100 rows per request; renaming keys per row cost more than the page's JSON.
 */
function apiMapper(def: ResourceDef): (row: Row) => Row {
  const known = MAPPERS.get(def.key);
  if (known) return known;
  const refs = def.fields.filter((f) => f.kind === 'refs').map((f) => ({ name: f.name, labelField: resource(f.ref!).labelField }));
  const refNames = new Set(refs.map((r) => r.name));
  const keys = new Map<string, string | null>(); // property → API key (null: not shown)
  const keyOf = (prop: string) => {
    let key = keys.get(prop);
    if (key === undefined) {
      const snaked = snake(prop);
      key = snaked === 'file_key' || snaked.endsWith('_pairs') || snaked === 'cover_id' ? null : snaked;
      keys.set(prop, key);
    }
    return key;
  };
  const fileBase = `/api/v1${def.endpoint}/`;
  const mapper = (row: Row): Row => {
    const out: Row = {};
    for (const prop in row) {
      const key = keyOf(prop);
      if (key === null) continue;
      const value = row[prop];
      out[key] = refNames.has(key) ? JSON.parse(String(value ?? '[]')) : value;
    }
    for (const { name, labelField } of refs) {
      const labels = new Map(JSON.parse(String(row[`${name}_pairs`] ?? '[]')) as [number, string][]);
      out[`${name}_items`] = (out[name] as number[]).map((id) => ({ id, [labelField]: labels.get(id) ?? `#${id}` }));
    }
    if (def.images) out.thumbnail = row.cover_id ? `/api/v1/general/images/${row.cover_id}` : null;
    if (def.file) out.file_url = row.fileKey ? `${fileBase}${row.id}/file` : null;
    return out;
  };
  MAPPERS.set(def.key, mapper);
  return mapper;
}

/** How a read reaches the database: a plain batch, or one led by the session (`readBatch`, decision 0018). */
export type Reader = (statements: InStatement[]) => Promise<ResultSet[]>;
const batchOn = (db: Db): Reader => (statements) => runBatch(db, statements);

export async function listRows(db: Db, def: ResourceDef, q: ListQuery, spec = listSpecOf(def), read: Reader = batchOn(db)) {
  const where = whereTemplate(q, spec);
  const sorts = Object.entries(q.sorts).map(([k, dir]) => `${k}:${dir}`).join(',');
  const statements = LIST_STATEMENTS(`${def.key}|${where.shape}|${sorts}`, () => {
    const table = tableOf(def.key);
    const conditions = where.build();
    const fields = selection(def, table);
    const page = db.select(fields).from(table).where(conditions).orderBy(...orderOf(q, spec, columnOf(table, 'id'))).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
    return { page: compile(db, page), count: compile(db, db.select({ total: count() }).from(table).where(conditions)), row: rowReader(fields) };
  });
  const [page, counted] = await read([bind(statements.page, { ...where.values, limit: q.perPage, offset: offsetOf(q) }), bind(statements.count, where.values)]);
  const shown = apiMapper(def);
  return { data: page!.rows.map((r) => shown(statements.row(r))), total: Number(counted!.rows[0]?.[0] ?? 0) };
}

/**
 * A registry list's page and total as compiled statements, per entry and shape (which filters,
 * which sorts): drizzle built them on every request before, a quarter of a millisecond of the
 * page's CPU (decision 0017). Plain data, kept per process or isolate.
 */
const LIST_STATEMENTS = statementCache<{ page: Compiled; count: Compiled; row: (values: ArrayLike<unknown>) => Row }>();

/** Reads a selected row (values in selection order) into properties, each column decoding its value as drizzle does. */
function rowReader(fields: Record<string, SQLiteColumn | SQL>) {
  const readers = Object.entries(fields).map(([prop, field]) => [prop, is(field, Column) ? (v: unknown) => (v === null ? null : field.mapFromDriverValue(v)) : (v: unknown) => v] as const);
  return (values: ArrayLike<unknown>): Row => {
    const row: Row = {};
    for (let i = 0; i < readers.length; i++) row[readers[i]![0]] = readers[i]![1](values[i]);
    return row;
  };
}

/**
 * The rows of a list in its order, `size` at a time and at most `cap` in all, each page read after
 * the last row of the one before (a keyset seek, not OFFSET): page 500 of an export costs what
 * page 1 does (docs/decisions/0021).
 */
export async function* seekRows(db: Db, def: ResourceDef, q: ListQuery, spec: ListSpec, size: number, cap: number): AsyncGenerator<Row[]> {
  const table = tableOf(def.key);
  const keys = sortKeys(q, spec, columnOf(table, 'id'));
  const fields = selection(def, table);
  // Where each sort key's value sits in a selected row (its property name).
  const names = keys.map((k) => Object.entries(fields).find(([, col]) => col === k.by)?.[0]);
  if (names.some((n) => n === undefined)) throw new Error(`seekRows: a sort of ${def.key} is not a selected column`);
  const where = whereOf(q, spec);
  const order = orderBy(keys);
  let last: unknown[] | null = null;
  for (let sent = 0; sent < cap; ) {
    const limit = Math.min(size, cap - sent);
    const rows = (await db
      .select(fields)
      .from(table)
      .where(last ? and(where, seekAfter(keys, last)) : where)
      .orderBy(...order)
      .limit(limit)) as Row[];
    if (rows.length) yield rows.map((r) => toApi(def, r));
    sent += rows.length;
    if (rows.length < limit) return;
    const end = rows[rows.length - 1]!;
    last = names.map((n) => end[n!]);
  }
}

export async function getRow(db: Db, def: ResourceDef, id: number, read: Reader = batchOn(db)): Promise<Row> {
  const statement = ROW_STATEMENTS(def.key, () => {
    const table = tableOf(def.key);
    const fields = selection(def, table);
    return { one: compile(db, db.select(fields).from(table).where(eq(columnOf(table, 'id'), sql.placeholder('id')))), row: rowReader(fields) };
  });
  const [found] = await read([bind(statement.one, { id })]);
  const values = found!.rows[0];
  if (!values) throw notFound();
  return toApi(def, statement.row(values));
}

const ROW_STATEMENTS = statementCache<{ one: Compiled; row: (values: ArrayLike<unknown>) => Row }>();

/** Every referenced row must exist; a clash on a unique field is a 409 with a Spanish message. */
async function checkWrite(db: Db, def: ResourceDef, body: Row, id?: number) {
  const errors: Record<string, string[]> = {};
  for (const f of def.fields) {
    if ((f.kind !== 'ref' && f.kind !== 'refs') || body[f.name] == null) continue;
    const ids = f.kind === 'ref' ? [body[f.name] as number] : [...new Set(body[f.name] as number[])];
    if (!ids.length) continue;
    const table = tableOf(f.ref!);
    const [{ n }] = (await db.select({ n: count() }).from(table).where(inArray(columnOf(table, 'id'), ids))) as [{ n: number }];
    if (n !== ids.length) errors[f.name] = [MSG.invalid];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const table = tableOf(def.key);
  for (const fields of def.unique) {
    const conds: SQL[] = fields.map((f) => sql`lower(${columnOf(table, f)}) = lower(${body[f] as string | number})`);
    if (id) conds.push(ne(columnOf(table, 'id'), id));
    if (await db.select({ id: columnOf(table, 'id') }).from(table).where(and(...conds)).get()) throw conflict(def.uniqueMessage);
  }
}

function toColumns(def: ResourceDef, body: Row): Row {
  const values: Row = {};
  for (const f of def.fields) {
    if (f.readOnly || !(f.name in body)) continue;
    values[camel(f.name)] = f.kind === 'refs' ? JSON.stringify([...new Set(body[f.name] as number[])]) : body[f.name];
  }
  return values;
}

const isConstraint = (err: unknown, kind: 'UNIQUE' | 'FOREIGN KEY') => {
  const text = `${(err as { message?: string })?.message ?? ''} ${(err as { cause?: { message?: string } })?.cause?.message ?? ''}`;
  return text.includes(`${kind} constraint failed`);
};

/** Only one version of the terms is current: marking one vigente clears the others. */
async function afterWrite(db: Db, def: ResourceDef, id: number, body: Row) {
  if (def.key === 'terminosycondiciones' && body.vigente === true) {
    const table = tableOf(def.key);
    await db.update(table).set({ vigente: false }).where(ne(columnOf(table, 'id'), id));
  }
}

export async function createRow(db: Db, def: ResourceDef, body: Row, now: number): Promise<Row> {
  await checkWrite(db, def, body);
  const table = tableOf(def.key);
  try {
    const row = (await db.insert(table).values({ ...toColumns(def, body), createdAt: now, updatedAt: now }).returning().get()) as Row;
    await afterWrite(db, def, row.id as number, body);
    return getRow(db, def, row.id as number);
  } catch (err) {
    if (isConstraint(err, 'UNIQUE')) throw conflict(def.uniqueMessage);
    throw err;
  }
}

export async function updateRow(db: Db, def: ResourceDef, id: number, body: Row, now: number): Promise<Row> {
  await getRow(db, def, id);
  await checkWrite(db, def, body, id);
  const table = tableOf(def.key);
  try {
    await db.update(table).set({ ...toColumns(def, body), updatedAt: now }).where(eq(columnOf(table, 'id'), id));
  } catch (err) {
    if (isConstraint(err, 'UNIQUE')) throw conflict(def.uniqueMessage);
    throw err;
  }
  await afterWrite(db, def, id, body);
  return getRow(db, def, id);
}

export async function toggleRow(db: Db, def: ResourceDef, id: number, value: boolean, now: number, actorId: number): Promise<Row> {
  const table = tableOf(def.key);
  const before = await getRow(db, def, id);
  await db.batch([
    db.update(table).set({ activo: value, updatedAt: now }).where(eq(columnOf(table, 'id'), id)),
    historyInsert(db, { entity: def.key, entityId: id, from: before.activo ? 'ACTIVO' : 'INACTIVO', to: value ? 'ACTIVO' : 'INACTIVO', userId: actorId, at: now }),
  ]);
  return getRow(db, def, id);
}

/** Rows of other resources that list this one's id in a chip-list field (not covered by FKs). */
async function usedInLists(db: Db, def: ResourceDef, id: number): Promise<boolean> {
  for (const other of RESOURCES) {
    for (const f of other.fields) {
      if (f.kind !== 'refs' || f.ref !== def.key) continue;
      const column: SQLiteColumn = columnOf(tableOf(other.key), f.name);
      const hits = await db.all(sql`select 1 as x from ${tableOf(other.key)}, json_each(${column}) where json_each.value = ${id} limit 1`);
      if (hits.length) return true;
    }
  }
  return false;
}

export const inUseMessage = (def: ResourceDef) => `No se puede eliminar: ${def.singular.toLowerCase()} está en uso. Puedes desactivarlo en su lugar.`;

export async function deleteRow(db: Db, def: ResourceDef, id: number): Promise<string[]> {
  await getRow(db, def, id);
  if (await usedInLists(db, def, id)) throw conflict(inUseMessage(def));
  const fileKey = def.file ? await fileKeyOf(db, def, id) : null;
  const table = tableOf(def.key);
  const blobKeys = def.images
    ? (await db.select({ key: imagenes.blobKey }).from(imagenes).where(and(eq(imagenes.owner, def.key), eq(imagenes.ownerId, id)))).map((r) => r.key)
    : [];
  try {
    await db.batch([
      db.delete(imagenes).where(and(eq(imagenes.owner, def.key), eq(imagenes.ownerId, id))),
      db.delete(table).where(eq(columnOf(table, 'id'), id)),
    ]);
  } catch (err) {
    if (isConstraint(err, 'FOREIGN KEY')) throw conflict(inUseMessage(def));
    throw err;
  }
  return fileKey ? [...blobKeys, fileKey] : blobKeys;
}

export async function fileKeyOf(db: Db, def: ResourceDef, id: number): Promise<string | null> {
  const table = tableOf(def.key);
  const row = (await db.select().from(table).where(eq(columnOf(table, 'id'), id)).get()) as Row | undefined;
  return (row?.fileKey as string | undefined) ?? null;
}

export async function autocomplete(db: Db, def: ResourceDef, q: string, parents: Record<string, number>) {
  const table = tableOf(def.key);
  const label = columnOf(table, def.labelField);
  const conds: SQL[] = [eq(columnOf(table, 'activo'), true)];
  if (q) conds.push(sql`${label} LIKE ${containsPattern(q)} ESCAPE '\\'`);
  for (const [field, value] of Object.entries(parents)) conds.push(eq(columnOf(table, field), value));
  const extra = Object.fromEntries((def.autocompleteFields ?? []).map((f) => [f, columnOf(table, f)]));
  const rows = await db
    .select({ id: columnOf(table, 'id'), label, ...extra })
    .from(table)
    .where(and(...conds))
    .orderBy(label)
    .limit(q ? 50 : 500);
  return rows as { id: number; label: string }[];
}
