import { and, Column, count, eq, getTableColumns, inArray, is, ne, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import { imagenes, metodosdepago } from '../../db/schema';
import { collectionAccountErrors } from '../../shared/collection-accounts';
import type { Db } from '../../platform/db';
import { fileGone, filesComingBack, restoreFileList } from '../../platform/deleted-files';
import type { BlobStore } from '../../platform/ports';
import { parseWith } from '../../platform/validate';
import { conflict, invalid, notFound } from '../../platform/errors';
import type { InStatement, ResultSet } from '@libsql/client';
import { bind, compile, run, runBatch, statementCache, type Compiled } from '../../platform/compiled';
import {
  containsPattern,
  offsetOf,
  orderBy,
  orderOf,
  seekAfter,
  sortKeys,
  whereOf,
  whereTemplate,
  type FilterKind,
  type ListSpec,
} from '../../platform/list-query';
import { MSG } from '../../shared/messages';
import {
  activationWrite,
  runAudited,
  type RecordWrite,
  versionBump,
  versionWhere,
  type Action,
  type Actor,
  type Audited,
} from '../../platform/audit';
import type { ListQuery } from '../../shared/list-query';
import type { AutocompleteOption, ResourceDef } from '../../shared/resource-types';
import { RESOURCES, resource } from '../../shared/resources';
import { camel, columnOf, snake, tableOf } from './tables';
import { sortColumnOf, SORT_KEY_PROPS, withSortKeys } from '../../platform/sort-keys';

export type Row = Record<string, unknown>;

const FILTER_KIND: Record<string, FilterKind> = {
  text: 'text',
  eq: 'eq',
  ref: 'int',
  bool: 'bool',
  daterange: 'daterange',
};

export function listSpecOf(def: ResourceDef): ListSpec {
  const table = tableOf(def.key);
  const sorts: ListSpec['sorts'] = { id: columnOf(table, 'id'), created_at: columnOf(table, 'created_at') };
  // A name with a Spanish sort key sorts by it (decision 0150).
  for (const c of def.columns)
    if (c.sortable) sorts[c.field] = sortColumnOf(table, c.field) ?? columnOf(table, c.field);
  const filters: ListSpec['filters'] = {};
  for (const f of def.filters)
    filters[f.field] = { kind: FILTER_KIND[f.kind]!, column: columnOf(table, f.field) };
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
    if (f.kind === 'ref')
      extra[`${f.name}_label`] = sql`(select ${tlabel} from ${tt} where ${tid} = ${own(f.name)})`;
    else
      extra[`${f.name}_pairs`] =
        sql`(select json_group_array(json_array(${tid}, ${tlabel})) from ${tt} where ${tid} in (select value from json_each(${own(f.name)})))`;
  }
  if (def.images) {
    const mine = sql`${imagenes.owner} = ${def.key} and ${imagenes.ownerId} = ${own('id')}`;
    extra.imagenes = sql`(select count(*) from ${imagenes} where ${mine})`;
    extra.cover_id = sql`(select ${imagenes.id} from ${imagenes} where ${mine} order by ${imagenes.orden}, ${imagenes.id} limit 1)`;
  }
  return { ...getTableColumns(table), ...extra };
}

/**
 * How one registry entry's selected row shows in the API, worked out once per entry and process:
 * which selected values it shows under which snake_case key (each decoded by its column, as
 * drizzle would), which are id lists, where labels, the thumbnail and the file link come from.
 * Rows arrive as values in selection order; a list page maps 100 of them per request.
 */
function apiView(def: ResourceDef): (values: ArrayLike<unknown>) => Row {
  const known = VIEWS.get(def.key);
  if (known) return known;
  const fields = selection(def, tableOf(def.key));
  const props = Object.keys(fields);
  const at = (prop: string) => props.indexOf(prop);
  const refs = def.fields
    .filter((f) => f.kind === 'refs')
    .map((f) => ({ name: f.name, labelField: resource(f.ref!).labelField, pairs: at(`${f.name}_pairs`) }));
  const lists = new Set(refs.map((r) => r.name));
  const shown = props.flatMap((prop, i) => {
    const key = snake(prop);
    if (key === 'file_key' || key.endsWith('_pairs') || key === 'cover_id' || SORT_KEY_PROPS.has(prop))
      return [];
    const field = fields[prop];
    const decode = is(field, Column) ? (v: unknown) => field.mapFromDriverValue(v) : undefined;
    return [{ i, key, decode, list: lists.has(key) }];
  });
  const [id, cover, fileKey] = [at('id'), at('cover_id'), at('fileKey')];
  const fileBase = `/api/v1${def.endpoint}/`;
  const view = (values: ArrayLike<unknown>): Row => {
    const out: Row = {};
    for (const { i, key, decode, list } of shown) {
      const value = values[i];
      out[key] = list
        ? JSON.parse(String(value ?? '[]'))
        : value === null || value === undefined || !decode
          ? value
          : decode(value);
    }
    for (const { name, labelField, pairs } of refs) {
      const labels = new Map(JSON.parse(String(values[pairs] ?? '[]')) as [number, string][]);
      out[`${name}_items`] = (out[name] as number[]).map((ref) => ({
        id: ref,
        [labelField]: labels.get(ref) ?? `#${ref}`,
      }));
    }
    if (def.images) out.thumbnail = values[cover] ? `/api/v1/general/images/${values[cover]}` : null;
    if (def.file) out.file_url = values[fileKey] ? `${fileBase}${values[id]}/file` : null;
    return out;
  };
  VIEWS.set(def.key, view);
  return view;
}

const VIEWS = new Map<string, (values: ArrayLike<unknown>) => Row>();

/** How a read reaches the database: a plain batch, or one led by the session (`readBatch`, decision 0018). */
export type Reader = (statements: InStatement[]) => Promise<ResultSet[]>;
const batchOn =
  (db: Db): Reader =>
  (statements) =>
    runBatch(db, statements);

export async function listRows(
  db: Db,
  def: ResourceDef,
  q: ListQuery,
  spec = listSpecOf(def),
  read: Reader = batchOn(db),
) {
  const where = whereTemplate(q, spec);
  const sorts = Object.entries(q.sorts)
    .map(([k, dir]) => `${k}:${dir}`)
    .join(',');
  const statements = LIST_STATEMENTS(`${def.key}|${where.shape}|${sorts}`, () => {
    const table = tableOf(def.key);
    const conditions = where.build();
    const fields = selection(def, table);
    const page = db
      .select(fields)
      .from(table)
      .where(conditions)
      .orderBy(...orderOf(q, spec, columnOf(table, 'id')))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      page: compile(db, page),
      count: compile(db, db.select({ total: count() }).from(table).where(conditions)),
    };
  });
  const [page, counted] = await read([
    bind(statements.page, { ...where.values, limit: q.perPage, offset: offsetOf(q) }),
    bind(statements.count, where.values),
  ]);
  const view = apiView(def);
  return { data: page!.rows.map(view), total: Number(counted!.rows[0]?.[0] ?? 0) };
}

/**
 * A registry list's page and total as compiled statements, per entry and shape (which filters,
 * which sorts): drizzle built them on every request before, a quarter of a millisecond of the
 * page's CPU (decision 0017). Plain data, kept per process or isolate.
 */
const LIST_STATEMENTS = statementCache<{ page: Compiled; count: Compiled }>();

/**
 * The rows of a list in its order, `size` at a time and at most `cap` in all, each page read after
 * the last row of the one before (a keyset seek, not OFFSET): page 500 of an export costs what
 * page 1 does (docs/decisions/0021).
 */
export async function* seekRows(
  db: Db,
  def: ResourceDef,
  q: ListQuery,
  spec: ListSpec,
  size: number,
  cap: number,
): AsyncGenerator<Row[]> {
  const table = tableOf(def.key);
  const keys = sortKeys(q, spec, columnOf(table, 'id'));
  const fields = selection(def, table);
  // Where each sort key's value sits in a selected row.
  const at = keys.map((k) => Object.values(fields).indexOf(k.by));
  if (at.some((i) => i < 0)) throw new Error(`seekRows: a sort of ${def.key} is not a selected column`);
  const view = apiView(def);
  const where = whereOf(q, spec);
  const order = orderBy(keys);
  let last: unknown[] | null = null;
  for (let sent = 0; sent < cap;) {
    const limit = Math.min(size, cap - sent);
    const query = db
      .select(fields)
      .from(table)
      .where(last ? and(where, seekAfter(keys, last)) : where)
      .orderBy(...order)
      .limit(limit);
    const { rows } = await run(db, bind(compile(db, query), {}));
    if (rows.length) yield rows.map(view);
    sent += rows.length;
    if (rows.length < limit) return;
    const end = rows[rows.length - 1]!;
    // Stored values: seekAfter sends each back through its column's encoder.
    last = at.map((i) => end[i]);
  }
}

export async function getRow(db: Db, def: ResourceDef, id: number, read: Reader = batchOn(db)): Promise<Row> {
  const statement = ROW_STATEMENTS(def.key, () => {
    const table = tableOf(def.key);
    const fields = selection(def, table);
    return compile(
      db,
      db
        .select(fields)
        .from(table)
        .where(eq(columnOf(table, 'id'), sql.placeholder('id'))),
    );
  });
  const [found] = await read([bind(statement, { id })]);
  const values = found!.rows[0];
  if (!values) throw notFound();
  return apiView(def)(values);
}

const ROW_STATEMENTS = statementCache<Compiled>();

/** Every referenced row must exist; a clash on a unique field is a 409 with a Spanish message. */
async function checkWrite(db: Db, def: ResourceDef, body: Row, id?: number) {
  const errors: Record<string, string[]> = {};
  for (const f of def.fields) {
    if ((f.kind !== 'ref' && f.kind !== 'refs') || body[f.name] == null) continue;
    const ids = f.kind === 'ref' ? [body[f.name] as number] : [...new Set(body[f.name] as number[])];
    if (!ids.length) continue;
    const table = tableOf(f.ref!);
    const [{ n }] = (await db
      .select({ n: count() })
      .from(table)
      .where(inArray(columnOf(table, 'id'), ids))) as [{ n: number }];
    if (n !== ids.length) errors[f.name] = [MSG.invalid];
  }
  if (!Object.keys(errors).length) Object.assign(errors, await crossFieldErrors(db, def, body));
  if (Object.keys(errors).length) throw invalid(errors);
  const table = tableOf(def.key);
  for (const fields of def.unique) {
    const conds: SQL[] = fields.map(
      (f) => sql`lower(${columnOf(table, f)}) = lower(${body[f] as string | number})`,
    );
    if (id) conds.push(ne(columnOf(table, 'id'), id));
    if (
      await db
        .select({ id: columnOf(table, 'id') })
        .from(table)
        .where(and(...conds))
        .get()
    )
      throw conflict(def.uniqueMessage);
  }
}

/** Rules across fields of an entry that has them: a collection account follows its method's tipo. */
async function crossFieldErrors(db: Db, def: ResourceDef, body: Row): Promise<Record<string, string[]>> {
  if (def.key !== 'cuentasrecaudo') return {};
  const method = await db
    .select({ tipo: metodosdepago.tipo })
    .from(metodosdepago)
    .where(eq(metodosdepago.id, body.metodo_pago_id as number))
    .get();
  return method ? collectionAccountErrors(body, method.tipo) : {};
}

function toColumns(def: ResourceDef, body: Row): Row {
  const values: Row = {};
  for (const f of def.fields) {
    if (f.readOnly || !(f.name in body)) continue;
    values[camel(f.name)] =
      f.kind === 'refs' ? JSON.stringify([...new Set(body[f.name] as number[])]) : body[f.name];
  }
  return withSortKeys(tableOf(def.key), values);
}

const isConstraint = (err: unknown, kind: 'UNIQUE' | 'FOREIGN KEY') => {
  const text = `${(err as { message?: string })?.message ?? ''} ${(err as { cause?: { message?: string } })?.cause?.message ?? ''}`;
  return text.includes(`${kind} constraint failed`);
};

/** Only one version of the terms is current: marking one vigente clears the others. */
async function afterWrite(db: Db, def: ResourceDef, id: number, body: Row) {
  if (def.key === 'terminosycondiciones' && body.vigente === true) {
    const table = tableOf(def.key);
    await db
      .update(table)
      .set({ vigente: false })
      .where(ne(columnOf(table, 'id'), id));
  }
}

/** How a registry entry's writes are audited (worker/platform/audit/revisions.ts). */
export function auditedOf(def: ResourceDef): Audited {
  let a = AUDITED.get(def.key);
  if (!a) {
    a = {
      entity: def.key,
      table: tableOf(def.key),
      ...(def.images
        ? {
            links: {
              // Each image with its file, so a restore can bring back one deleted since (decision 0299).
              imagenes: sql`(select json_group_array(json_object('id', id, 'archivo', blob_key)) from (select id, blob_key from imagenes where owner = ${def.key} and owner_id = t.id order by orden, id))`,
            },
          }
        : {}),
    };
    AUDITED.set(def.key, a);
  }
  return a;
}
const AUDITED = new Map<string, Audited>();

export async function createRow(db: Db, def: ResourceDef, body: Row, actor: Actor): Promise<Row> {
  await checkWrite(db, def, body);
  const table = tableOf(def.key);
  const a = auditedOf(def);
  const now = actor.at;
  try {
    const [rows] = await runAudited<[Row[]]>(db, {
      audited: a,
      id: 'new',
      action: 'crear',
      actor,
      write: db
        .insert(table)
        .values({ ...toColumns(def, body), createdAt: now, updatedAt: now })
        .returning({ id: columnOf(table, 'id') }),
    });
    const id = rows[0]!.id as number;
    await afterWrite(db, def, id, body);
    return getRow(db, def, id);
  } catch (err) {
    if (isConstraint(err, 'UNIQUE')) throw conflict(def.uniqueMessage);
    throw err;
  }
}

export async function updateRow(
  db: Db,
  def: ResourceDef,
  id: number,
  body: Row,
  actor: Actor,
  version?: number,
  action: Action = 'editar',
  /** Statements of the same edit on the entry's linked rows (a restore's images), in its batch. */
  links: BatchItem<'sqlite'>[] = [],
): Promise<Row> {
  await getRow(db, def, id);
  await checkWrite(db, def, body, id);
  const table = tableOf(def.key);
  const a = auditedOf(def);
  try {
    await runAudited(db, {
      audited: a,
      id: id,
      action: action,
      actor,
      write: db
        .update(table)
        .set({ ...toColumns(def, body), updatedAt: actor.at, ...versionBump(table) })
        .where(versionWhere(a, id, version)),
      linked: [...links],
    });
  } catch (err) {
    if (isConstraint(err, 'UNIQUE')) throw conflict(def.uniqueMessage);
    throw err;
  }
  await afterWrite(db, def, id, body);
  return getRow(db, def, id);
}

export async function toggleRow(
  db: Db,
  def: ResourceDef,
  id: number,
  value: boolean,
  actor: Actor,
): Promise<Row> {
  const before = await getRow(db, def, id);
  await runAudited(db, toggleWrite(db, def, id, Boolean(before.activo), value, actor));
  return getRow(db, def, id);
}

/** Activating or deactivating one row read before as `from` (activationWrite, decision 0310). */
export const toggleWrite = (
  db: Db,
  def: ResourceDef,
  id: number,
  from: boolean,
  value: boolean,
  actor: Actor,
): RecordWrite => activationWrite(db, { audited: auditedOf(def), entity: def.key, id, from, value, actor });

/** The fields of an entry a restore may copy back from a revision: its editable fields. */
export const restorableFields = (def: ResourceDef) => [
  ...def.fields.filter((f) => !f.readOnly && f.name !== 'version').map((f) => f.name),
  ...(def.images ? ['imagenes'] : []),
];

export const imageGone = (id: number, days: number) => fileGone(`la imagen ${id}`, days);
export const IMAGE_NOT_RECORDED = (id: number) =>
  `No se puede restaurar la imagen ${id}: esta revisión es anterior a que el historial guardara sus archivos.`;

const restoredImages = v.array(
  v.union([
    v.pipe(v.number(), v.integer()),
    v.object({ id: v.pipe(v.number(), v.integer()), archivo: v.nullish(v.string()) }),
  ]),
  MSG.invalid,
);

/**
 * The statements that set an entry's images as a revision left them (decision 0299): the ones
 * deleted since come back from the bin with their ids, the order is the revision's, and the ones
 * added since go to the bin. Refused with 409, before anything is written, when a file is gone.
 */
async function imagesRestore(
  db: Db,
  blobs: BlobStore,
  def: ResourceDef,
  ownerId: number,
  value: unknown,
  at: number,
) {
  const wanted = parseWith(restoredImages, value ?? []).map((w) =>
    typeof w === 'number' ? { id: w, archivo: null } : w,
  );
  const mine = and(eq(imagenes.owner, def.key), eq(imagenes.ownerId, ownerId));
  const present = new Set((await db.select({ id: imagenes.id }).from(imagenes).where(mine)).map((r) => r.id));
  // Only this entry's files (keys are `imagenes/{entry}/…`).
  const back = await filesComingBack(db, blobs, {
    wanted,
    present,
    prefix: `imagenes/${def.key}/`,
    notRecorded: IMAGE_NOT_RECORDED,
    gone: imageGone,
    row: (w, archivo, meta, orden): typeof imagenes.$inferInsert => ({
      id: w.id,
      owner: def.key,
      ownerId,
      blobKey: archivo,
      fileName: meta.fileName ?? `imagen-${w.id}`,
      contentType: meta.contentType,
      size: meta.size,
      orden,
      createdAt: at,
    }),
  });
  return restoreFileList(db, {
    list: { table: imagenes, id: imagenes.id, blobKey: imagenes.blobKey, mine },
    wanted,
    present,
    back,
    at,
    insert: (rows) => db.insert(imagenes).values(rows),
    place: (w, orden) =>
      db
        .update(imagenes)
        .set({ orden })
        .where(and(mine, eq(imagenes.id, w.id))),
  });
}

/**
 * Copies chosen fields back from a revision's snapshot (stored values), as a new edit through the
 * same checks and version guard as a form's (decision 0110). `values` are keyed by field name.
 */
export async function restoreRow(
  db: Db,
  blobs: BlobStore,
  def: ResourceDef,
  id: number,
  values: Row,
  actor: Actor,
  version?: number,
): Promise<Row> {
  const current = await getRow(db, def, id);
  const links =
    'imagenes' in values && def.images
      ? await imagesRestore(db, blobs, def, id, values.imagenes, actor.at)
      : [];
  const body: Row = {};
  for (const f of def.fields) {
    if (f.readOnly || f.name === 'version') continue;
    if (!(f.name in values)) {
      body[f.name] = f.kind === 'refs' ? current[f.name] : current[f.name];
      continue;
    }
    const stored = values[f.name];
    body[f.name] =
      f.kind === 'bool'
        ? stored === null
          ? null
          : Boolean(stored)
        : f.kind === 'refs'
          ? typeof stored === 'string'
            ? JSON.parse(stored)
            : (stored ?? [])
          : stored;
  }
  return updateRow(
    db,
    def,
    id,
    body,
    actor,
    version ?? (current.version as number | undefined),
    'restaurar',
    links,
  );
}

/** Rows of other resources that list this one's id in a chip-list field (not covered by FKs). */
async function usedInLists(db: Db, def: ResourceDef, id: number): Promise<boolean> {
  for (const other of RESOURCES) {
    for (const f of other.fields) {
      if (f.kind !== 'refs' || f.ref !== def.key) continue;
      const column: SQLiteColumn = columnOf(tableOf(other.key), f.name);
      const hits = await db.all(
        sql`select 1 as x from ${tableOf(other.key)}, json_each(${column}) where json_each.value = ${id} limit 1`,
      );
      if (hits.length) return true;
    }
  }
  return false;
}

export const inUseMessage = (def: ResourceDef) =>
  `No se puede eliminar: ${def.singular.toLowerCase()} está en uso. Puedes desactivarlo en su lugar.`;

export async function deleteRow(db: Db, def: ResourceDef, id: number, actor: Actor): Promise<string[]> {
  await getRow(db, def, id);
  if (await usedInLists(db, def, id)) throw conflict(inUseMessage(def));
  const fileKey = def.file ? await fileKeyOf(db, def, id) : null;
  const table = tableOf(def.key);
  const blobKeys = def.images
    ? (
        await db
          .select({ key: imagenes.blobKey })
          .from(imagenes)
          .where(and(eq(imagenes.owner, def.key), eq(imagenes.ownerId, id)))
      ).map((r) => r.key)
    : [];
  const a = auditedOf(def);
  try {
    await runAudited(db, {
      audited: a,
      id: id,
      action: 'eliminar',
      actor,
      guard: 'delete',
      write: db.delete(imagenes).where(and(eq(imagenes.owner, def.key), eq(imagenes.ownerId, id))),
      linked: [db.delete(table).where(eq(columnOf(table, 'id'), id))],
    });
  } catch (err) {
    if (isConstraint(err, 'FOREIGN KEY')) throw conflict(inUseMessage(def));
    throw err;
  }
  return fileKey ? [...blobKeys, fileKey] : blobKeys;
}

export async function fileKeyOf(db: Db, def: ResourceDef, id: number): Promise<string | null> {
  const table = tableOf(def.key);
  const row = (await db
    .select()
    .from(table)
    .where(eq(columnOf(table, 'id'), id))
    .get()) as Row | undefined;
  return (row?.fileKey as string | undefined) ?? null;
}

/** The rows `ids` as autocomplete options (id, label, extra fields), active or not, in label order. */
export async function labelsOf(db: Db, def: ResourceDef, ids: number[]) {
  const table = tableOf(def.key);
  const label = columnOf(table, def.labelField);
  const extra = Object.fromEntries((def.autocompleteFields ?? []).map((f) => [f, columnOf(table, f)]));
  const rows = await db
    .select({ id: columnOf(table, 'id'), label, ...extra })
    .from(table)
    .where(inArray(columnOf(table, 'id'), ids))
    .orderBy(sortColumnOf(table, def.labelField) ?? label, columnOf(table, 'id'));
  return rows as AutocompleteOption[];
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
    .orderBy(sortColumnOf(table, def.labelField) ?? label, columnOf(table, 'id'))
    .limit(q ? 50 : 500);
  return rows as AutocompleteOption[];
}
