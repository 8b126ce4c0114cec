// Import of a registry table from .xlsx or .csv (decision 0051): every row validated with the
// registry's own valibot schema, matched to an existing row by the entry's unique key (code or
// name), and written insert-or-update in one transaction (db.batch) — or not at all.
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import * as v from 'valibot';
import type { Db } from '../../platform/db';
import { conflict, invalid } from '../../platform/errors';
import { forEachSliced } from '../../platform/yield';
import type { ReadCell } from '../../platform/xlsx-read';
import { resourceSchema, type ResourceDef } from '../../shared/resource-types';
import { resource } from '../../shared/resources';
import { plural } from '../../shared/plural';
import { cellValue, importFields, mapHeaders, norm, type RefIndex } from './import-cells';
import { camel, columnOf, tableOf } from './tables';
import { withSortKeys } from '../../platform/sort-keys';
import { versionBump } from '../../platform/audit';

export const IMPORT_MAX_ROWS = 50_000;
const SHOWN_ERRORS = 500;
const SAMPLE = 50;

export type ImportError = { fila: number; columna: string; mensaje: string };
export type ImportReport = {
  total: number;
  crear: number;
  actualizar: number;
  errores: ImportError[];
  errores_total: number;
  columnas: { encabezado: string; campo: string; nombre: string }[];
  ignoradas: string[];
  muestra: { fila: number; accion: 'crear' | 'actualizar' | 'error'; valores: Record<string, unknown> }[];
  aplicado: boolean;
};

/** Every row of a referenced table, by normalised code and label. */
async function refIndex(db: Db, target: ResourceDef): Promise<RefIndex> {
  const table = tableOf(target.key);
  const hasCode = target.fields.some((f) => f.name === 'codigo');
  const rows = (await db
    .select({
      id: columnOf(table, 'id'),
      label: columnOf(table, target.labelField),
      ...(hasCode ? { codigo: columnOf(table, 'codigo') } : {}),
    })
    .from(table)) as { id: number; label: string; codigo?: string }[];
  const index: RefIndex = new Map();
  const add = (key: string, id: number) => {
    const prev = index.get(key);
    index.set(key, prev !== undefined && prev !== id ? 'ambiguous' : id);
  };
  for (const r of rows) {
    add(norm(String(r.label)), r.id);
    if (r.codigo) add(norm(r.codigo), r.id);
  }
  return index;
}

const keyOf = (fields: string[], body: Record<string, unknown>) =>
  fields
    .map((f) =>
      String(body[f] ?? '')
        .trim()
        .toLowerCase(),
    )
    .join('\u0000');

/** Existing rows whose unique key appears in the file: key → id. */
async function existingIds(
  db: Db,
  def: ResourceDef,
  keyFields: string[],
  bodies: Record<string, unknown>[],
): Promise<Map<string, number>> {
  const table = tableOf(def.key);
  const probe = keyFields.find((f) => def.fields.find((x) => x.name === f)?.kind !== 'ref') ?? keyFields[0]!;
  const values = [...new Set(bodies.map((b) => String(b[probe] ?? '').toLowerCase()))];
  const found = new Map<string, number>();
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    const rows = (await db
      .select({
        id: columnOf(table, 'id'),
        ...Object.fromEntries(keyFields.map((f) => [f, columnOf(table, f)])),
      })
      .from(table)
      .where(inArray(sql`lower(${columnOf(table, probe)})`, chunk))) as Record<string, unknown>[];
    for (const r of rows) found.set(keyOf(keyFields, r), r.id as number);
  }
  return found;
}

function flatten(issues: v.BaseIssue<unknown>[], def: ResourceDef, fila: number): ImportError[] {
  return issues.map((i) => {
    const name = i.path?.[0]?.key as string | undefined;
    return {
      fila,
      columna: def.fields.find((f) => f.name === name)?.label ?? name ?? '',
      mensaje: i.message,
    };
  });
}

export async function runImport(
  db: Db,
  def: ResourceDef,
  rows: ReadCell[][],
  apply: boolean,
  now: number,
  /** Statements that go last in the import's batch: its activity row (decision 0252). */
  audit?: (counts: { crear: number; actualizar: number }) => BatchItem<'sqlite'>[],
): Promise<ImportReport> {
  const [header = [], ...data] = rows;
  const map = mapHeaders(def, header);
  if (!map.columns.length)
    throw invalid({
      archivo: [
        'La primera fila debe tener los encabezados de las columnas (por ejemplo, los de la exportación a Excel)',
      ],
    });
  if (map.missing.length)
    throw invalid({ archivo: map.missing.map((f) => `Falta la columna requerida "${f.label}"`) });
  const schema = v.object(
    Object.fromEntries(
      Object.entries(resourceSchema(def).entries).filter(([k]) =>
        map.columns.some((c) => c.field.name === k),
      ),
    ),
  );
  const refs = new Map<string, RefIndex>();
  for (const { field } of map.columns)
    if (field.kind === 'ref') refs.set(field.name, await refIndex(db, resource(field.ref!)));
  const keyFields = def.unique[0] ?? [def.labelField];
  const keyed = keyFields.every((f) => map.columns.some((c) => c.field.name === f));

  const errors: ImportError[] = [];
  const valid: { fila: number; body: Record<string, unknown> }[] = [];
  const sampleRows: ImportReport['muestra'] = [];
  const seen = new Map<string, number>();
  // In slices, yielding to the event loop between them: 50,000 rows must not hold other requests.
  await forEachSliced(data, (cells, i) => {
    const fila = i + 2;
    if (cells.every((c) => c === null || String(c).trim() === '')) return;
    const raw: Record<string, unknown> = {};
    const shown: Record<string, unknown> = {};
    const rowErrors: ImportError[] = [];
    for (const { index, field } of map.columns) {
      shown[field.name] = cells[index] ?? null;
      const { value, error } = cellValue(field, cells[index] ?? null, refs);
      if (error) rowErrors.push({ fila, columna: field.label, mensaje: error });
      else if (value !== undefined) raw[field.name] = value;
    }
    const parsed = v.safeParse(schema, raw);
    if (!parsed.success)
      rowErrors.push(
        ...flatten(parsed.issues, def, fila).filter((e) => !rowErrors.some((r) => r.columna === e.columna)),
      );
    if (!rowErrors.length && keyed) {
      const key = keyOf(keyFields, parsed.output as Record<string, unknown>);
      const first = seen.get(key);
      if (first)
        rowErrors.push({
          fila,
          columna: def.fields.find((f) => f.name === keyFields.at(-1))?.label ?? '',
          mensaje: `Fila repetida: ya aparece en la fila ${first}`,
        });
      else seen.set(key, fila);
    }
    errors.push(...rowErrors);
    if (!rowErrors.length) valid.push({ fila, body: parsed.output as Record<string, unknown> });
    if (sampleRows.length < SAMPLE)
      sampleRows.push({ fila, accion: rowErrors.length ? 'error' : 'crear', valores: shown });
  });

  const existing = keyed
    ? await existingIds(
        db,
        def,
        keyFields,
        valid.map((r) => r.body),
      )
    : new Map<string, number>();
  const plan = valid.map((r) => ({ ...r, id: keyed ? existing.get(keyOf(keyFields, r.body)) : undefined }));
  const byFila = new Map(plan.map((p) => [p.fila, p]));
  for (const s of sampleRows) if (s.accion !== 'error' && byFila.get(s.fila)?.id) s.accion = 'actualizar';
  const report: ImportReport = {
    total: valid.length + new Set(errors.map((e) => e.fila)).size,
    crear: plan.filter((p) => !p.id).length,
    actualizar: plan.filter((p) => p.id).length,
    errores: errors.slice(0, SHOWN_ERRORS),
    errores_total: errors.length,
    columnas: map.columns.map((c) => ({
      encabezado: String(header[c.index]),
      campo: c.field.label,
      nombre: c.field.name,
    })),
    ignoradas: map.ignored,
    muestra: sampleRows,
    aplicado: false,
  };
  if (!apply) return report;
  if (errors.length)
    throw invalid({
      archivo: [
        `El archivo tiene ${plural(errors.length, 'error', 'errores')}; ${errors.length === 1 ? 'corríjalo' : 'corríjalos'} y vuelva a intentarlo`,
      ],
    });
  if (!plan.length) throw invalid({ archivo: ['El archivo no tiene filas para importar'] });
  await writePlan(db, def, plan, now, audit?.({ crear: report.crear, actualizar: report.actualizar }) ?? []);
  return { ...report, aplicado: true };
}

async function writePlan(
  db: Db,
  def: ResourceDef,
  plan: { body: Record<string, unknown>; id?: number }[],
  now: number,
  audit: BatchItem<'sqlite'>[],
) {
  const table = tableOf(def.key);
  const fields = importFields(def);
  const columns = (body: Record<string, unknown>) =>
    withSortKeys(
      table,
      Object.fromEntries(fields.filter((f) => f.name in body).map((f) => [camel(f.name), body[f.name]])),
    );
  const statements: BatchItem<'sqlite'>[] = [];
  const inserts = plan
    .filter((p) => !p.id)
    .map((p) => ({ ...columns(p.body), createdAt: now, updatedAt: now }));
  // Rows of one insert must share their column list; group by it.
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const r of inserts) {
    const k = Object.keys(r).join(',');
    // Appended in place: copying the group for every row was quadratic (50,000 rows ≈ 1.25e9 copies).
    const group = groups.get(k);
    if (group) group.push(r);
    else groups.set(k, [r]);
  }
  for (const rows of groups.values())
    for (let i = 0; i < rows.length; i += 100)
      statements.push(db.insert(table).values(rows.slice(i, i + 100)));
  for (const p of plan)
    if (p.id)
      statements.push(
        db
          .update(table)
          // The version moves, so a form opened before the import is warned instead of overwriting.
          .set({ ...columns(p.body), updatedAt: now, ...versionBump(table) })
          .where(and(sql`${columnOf(table, 'id')} = ${p.id}`) as SQL),
      );
  try {
    if (statements.length)
      await db.batch([...statements, ...audit] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    const text = `${(err as Error)?.message ?? ''} ${(err as { cause?: Error }).cause?.message ?? ''}`;
    if (text.includes('UNIQUE constraint failed'))
      throw conflict(
        `${def.uniqueMessage}: una fila del archivo repite un valor único de otro registro. No se importó nada.`,
      );
    throw err;
  }
}
