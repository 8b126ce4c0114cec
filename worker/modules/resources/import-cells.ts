// Turns the cells of an import file into a registry body: headers matched to fields by name, label
// or list header (accents and case ignored), values read as a person types them or as the Excel
// export writes them (money in pesos, 'Activo'/'Inactivo', 'Sí'/'No', references by code or name).
import type { FieldDef, ResourceDef } from '../../shared/resource-types';
import type { ReadCell } from '../../platform/xlsx-read';

export const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Fields an import can fill: not read-only, not chip lists (ids of other rows). */
export const importFields = (def: ResourceDef) => def.fields.filter((f) => !f.readOnly && f.kind !== 'refs');

export type HeaderMap = {
  columns: { index: number; field: FieldDef }[];
  ignored: string[];
  missing: FieldDef[];
};

export function mapHeaders(def: ResourceDef, header: ReadCell[]): HeaderMap {
  const fields = importFields(def);
  const names = new Map<string, FieldDef>();
  for (const f of fields) {
    names.set(norm(f.name), f);
    names.set(norm(f.label), f);
    for (const c of def.columns) if (c.field === f.name) names.set(norm(c.header), f);
  }
  const columns: HeaderMap['columns'] = [];
  const ignored: string[] = [];
  header.forEach((h, index) => {
    const text = h === null ? '' : String(h).trim();
    if (!text) return;
    const field = names.get(norm(text));
    if (field && !columns.some((c) => c.field === field)) columns.push({ index, field });
    else ignored.push(text);
  });
  const missing = fields.filter((f) => f.required && !columns.some((c) => c.field === f));
  return { columns, ignored, missing };
}

const TRUE = new Set(['si', 's', 'true', '1', 'activo', 'x', 'yes', 'verdadero']);
const FALSE = new Set(['no', 'n', 'false', '0', 'inactivo', 'falso']);

/** "45.500,50", "45500.5", "$ 45.500" → 45500.5; anything else stays as typed (valibot says why). */
function amount(raw: ReadCell): ReadCell {
  if (typeof raw === 'number') return raw;
  const s = String(raw).replace(/[$\s%]/g, '');
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  if (/^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(s) || /^-?\d+,\d+$/.test(s))
    return Number(s.replace(/\./g, '').replace(',', '.'));
  return raw;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Excel stores dates as day numbers since 1899-12-30. */
const excelDate = (n: number) => {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.round(n) * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

export type RefIndex = Map<string, number | 'ambiguous'>;

/** The value of one cell for the registry schema; `undefined` leaves the field out. */
export function cellValue(
  f: FieldDef,
  raw: ReadCell,
  refs: Map<string, RefIndex>,
): { value?: unknown; error?: string } {
  const empty = raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (empty)
    return {
      value:
        f.kind === 'bool'
          ? undefined
          : f.required && (f.kind === 'text' || f.kind === 'textarea')
            ? ''
            : null,
    };
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'email':
      return { value: typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : String(raw) };
    case 'int':
      return { value: typeof raw === 'string' ? raw.trim() : raw };
    case 'money':
    case 'percent': {
      const n = amount(raw);
      return { value: typeof n === 'number' ? Math.round(n * 100) : n };
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { value: raw };
      const k = norm(String(raw));
      return { value: TRUE.has(k) ? true : FALSE.has(k) ? false : String(raw) };
    }
    case 'option': {
      const k = norm(String(raw));
      const o = (f.options ?? []).find((o) => norm(o.value) === k || norm(o.label) === k);
      return { value: o ? o.value : String(raw) };
    }
    case 'date':
      return { value: typeof raw === 'number' ? excelDate(raw) : String(raw).trim().slice(0, 10) };
    case 'ref': {
      const hit = refs.get(f.name)?.get(norm(String(raw)));
      if (hit === 'ambiguous')
        return { error: `"${raw}" coincide con varios registros de ${f.label}; use el código` };
      if (hit === undefined) return { error: `"${raw}" no existe en ${f.label}` };
      return { value: hit };
    }
    default:
      return {};
  }
}
