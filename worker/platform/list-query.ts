import { and, asc, desc, is, SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListQuery, type SortDir } from '../shared/list-query';
import { MSG } from '../shared/messages';
import { invalid } from './errors';
import { BOGOTA_OFFSET_MS } from '../shared/bogota';

export type FilterKind = 'text' | 'eq' | 'int' | 'bool' | 'daterange';
export type ListSpec = {
  /** Allow-listed sort keys and the column or expression each orders by. */
  sorts: Record<string, SQLiteColumn | SQL>;
  /** Allow-listed filter keys. */
  filters: Record<string, { kind: FilterKind; column: SQLiteColumn | SQL; build?: (value: unknown) => SQL }>;
  defaultSort: { key: string; dir: SortDir };
};

/** A Bogotá calendar day `YYYY-MM-DD` → the UTC millisecond its midnight falls on. */
export function bogotaDayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + BOGOTA_OFFSET_MS;
  return Number.isNaN(t) ? null : t;
}

function parseJsonObject(raw: string | undefined, key: string): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  try {
    const value = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* falls through */
  }
  throw invalid({ [key]: [MSG.invalid] });
}

/** Reads page, perPage, sorts and filters; unknown keys or bad values are a 422, never SQL. */
export function parseListQuery(q: Record<string, string | undefined>, spec: ListSpec): ListQuery {
  const errors: Record<string, string[]> = {};
  const page = q.page === undefined ? 1 : Number(q.page);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) errors.page = [MSG.min('La página', 1)];
  const perPage = q.perPage === undefined ? DEFAULT_PAGE_SIZE : Number(q.perPage);
  if (!(PAGE_SIZES as readonly number[]).includes(perPage))
    errors.perPage = [`El tamaño de página debe ser ${PAGE_SIZES.join(', ')}`];
  const sorts = parseJsonObject(q.sorts, 'sorts') as Record<string, SortDir>;
  for (const [k, dir] of Object.entries(sorts)) {
    if (!Object.hasOwn(spec.sorts, k) || (dir !== 'asc' && dir !== 'desc'))
      (errors.sorts ??= []).push(`No se puede ordenar por ${k.slice(0, 40)}`);
  }
  const filters = parseJsonObject(q.filters, 'filters');
  for (const [k, value] of Object.entries(filters)) {
    const f = Object.hasOwn(spec.filters, k) ? spec.filters[k] : undefined;
    if (!f) (errors.filters ??= []).push(`No se puede filtrar por ${k.slice(0, 40)}`);
    else if (!validFilterValue(f.kind, value)) (errors.filters ??= []).push(`Filtro inválido: ${k}`);
    else if (f.kind === 'daterange' && endBeforeStart(value))
      (errors.filters ??= []).push(MSG.rangeEndBeforeStart(k));
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { page, perPage, sorts, filters };
}

/** A range whose end (hasta) is before its start (desde): refused with the reason (decision 0462). */
function endBeforeStart(value: unknown): boolean {
  const { from, to } = (value ?? {}) as { from?: string | null; to?: string | null };
  return !!from && !!to && to < from;
}

function validFilterValue(kind: FilterKind, value: unknown): boolean {
  if (value === null || value === '') return true;
  switch (kind) {
    case 'text':
      return typeof value === 'string' && value.length <= 200;
    case 'eq':
      return (typeof value === 'string' && value.length <= 200) || typeof value === 'number';
    case 'int':
      return Number.isSafeInteger(Number(value));
    case 'bool':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
    case 'daterange': {
      if (!value || typeof value !== 'object') return false;
      const { from, to } = value as { from?: unknown; to?: unknown };
      const ok = (d: unknown) =>
        d === undefined || d === null || d === '' || (typeof d === 'string' && bogotaDayStart(d) !== null);
      return ok(from) && ok(to);
    }
  }
}

/** `%text%` with LIKE's wildcards escaped (use with `ESCAPE '\\'`). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * How a filter's value reaches its statement: as itself, or through a named placeholder. `column`
 * encodes the value when it is a table column (booleans as 0/1); an SQL expression has no encoder.
 */
type Bind = (value: unknown, column?: SQLiteColumn | SQL) => unknown;
const encoderOf = (column?: SQLiteColumn | SQL) => (column && !is(column, SQL) ? column : undefined);

/** The conditions of one filter value, of the built-in kinds. */
function filterParts(kind: FilterKind, column: SQLiteColumn | SQL, value: unknown, bind: Bind): SQL[] {
  if (kind === 'text')
    return [sql`${column} LIKE ${bind(containsPattern(String(value).trim()))} ESCAPE '\\'`];
  if (kind === 'eq') return [sql`${column} = ${bind(value, column)}`];
  if (kind === 'int') return [sql`${column} = ${bind(Number(value), column)}`];
  if (kind === 'bool') return [sql`${column} = ${bind(value === true || value === 'true', column)}`];
  const { from, to } = value as { from?: string; to?: string };
  return [
    ...(from ? [sql`${column} >= ${bind(bogotaDayStart(from)!, column)}`] : []),
    ...(to ? [sql`${column} < ${bind(bogotaDayStart(to)! + 86_400_000, column)}`] : []),
  ];
}

const asParam: Bind = (value, column) => sql.param(value, encoderOf(column));
const given = (value: unknown) => value !== null && value !== '';

export function whereOf(query: ListQuery, spec: ListSpec, extra: (SQL | undefined)[] = []): SQL | undefined {
  const parts: (SQL | undefined)[] = [...extra];
  for (const [k, value] of Object.entries(query.filters)) {
    if (!given(value)) continue;
    const { kind, build, column } = spec.filters[k]!;
    if (build) parts.push(build(value));
    else parts.push(...filterParts(kind, column, value, asParam));
  }
  return and(...parts);
}

/**
 * The WHERE of a list as a statement template (decision 0017): `shape` names which filters and
 * which parts of them are present (so equal shapes share one compiled text), `build` makes the
 * conditions with a placeholder per value, and `values` fills them. Only for specs whose filters
 * are columns (the registry's): a filter with its own `build` has no template.
 */
export function whereTemplate(
  query: ListQuery,
  spec: ListSpec,
): { shape: string; build: () => SQL | undefined; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  const present: [string, unknown][] = [];
  const shape: string[] = [];
  for (const [k, value] of Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!given(value)) continue;
    const f = spec.filters[k]!;
    if (f.build) throw new Error(`whereTemplate: filter ${k} builds its own SQL`);
    present.push([k, value]);
    shape.push(
      f.kind === 'daterange'
        ? `${k}:${(value as { from?: string }).from ? 'f' : ''}${(value as { to?: string }).to ? 't' : ''}`
        : k,
    );
  }
  // Collecting values and building share filterParts, so a value and its placeholder cannot drift.
  const collect = (named: boolean) => {
    let n = 0;
    const bind: Bind = (value, column) => {
      const name = `w${n++}`;
      values[name] = value;
      return named ? sql.param(sql.placeholder(name), encoderOf(column)) : undefined;
    };
    return present.flatMap(([k, value]) =>
      filterParts(spec.filters[k]!.kind, spec.filters[k]!.column, value, bind),
    );
  };
  collect(false);
  return { shape: shape.join(','), build: () => and(...collect(true)), values };
}

export type SortKey = { by: SQLiteColumn | SQL; dir: SortDir };

/** The ORDER BY of a list as keys: the chosen sorts (or the default), then the unique tie-breaker. */
export function sortKeys(query: ListQuery, spec: ListSpec, tieBreaker: SQLiteColumn | SQL): SortKey[] {
  const entries = Object.entries(query.sorts);
  const chosen = entries.length ? entries : [[spec.defaultSort.key, spec.defaultSort.dir] as const];
  return [
    ...chosen.map(([k, dir]) => ({ by: spec.sorts[k]!, dir })),
    { by: tieBreaker, dir: 'asc' as const },
  ];
}

/** Sort keys as ORDER BY terms. */
export const orderBy = (keys: SortKey[]): SQL[] =>
  keys.map((k) => (k.dir === 'desc' ? desc(k.by) : asc(k.by)));

export function orderOf(query: ListQuery, spec: ListSpec, tieBreaker: SQLiteColumn | SQL): SQL[] {
  return orderBy(sortKeys(query, spec, tieBreaker));
}

/**
 * The rows after `last` in the order of `keys` (a keyset "seek"), so an export walks a table page
 * by page without OFFSET re-reading what it skipped. SQLite orders NULL first ascending and last
 * descending; the last key is unique and never NULL (the id), which ends the recursion.
 */
export function seekAfter(keys: SortKey[], last: unknown[]): SQL {
  const [key, ...rest] = keys;
  const col = key!.by;
  const v = last[0] ?? null;
  // The value goes back through the column's own encoder (booleans, timestamps) when it is one.
  const p = is(col, SQL) ? sql.param(v) : sql.param(v, col as SQLiteColumn);
  const beyond: SQL | undefined =
    key!.dir === 'asc'
      ? v === null
        ? sql`${col} is not null`
        : sql`${col} > ${p}`
      : v === null
        ? undefined
        : sql`(${col} < ${p} or ${col} is null)`;
  if (!rest.length) return beyond ?? sql`0`;
  const same = v === null ? sql`${col} is null` : sql`${col} = ${p}`;
  const deeper = sql`(${same} and ${seekAfter(rest, last.slice(1))})`;
  return beyond ? sql`(${beyond} or ${deeper})` : deeper;
}

export const offsetOf = (q: ListQuery) => (q.page - 1) * q.perPage;
