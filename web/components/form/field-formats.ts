// How a registry field's stored value reads on screen outside its input (the history panel's
// before/after, the conflict banner's comparison): a reference as its name, an option as its
// label, a flag as Sí/No, cents as pesos, basis points as a percentage. Declared once per kind.
import type { FieldDef } from '@shared/resource-types';
import { formatMoney, formatPercent, plural } from '@/lib/format';
import { cachedLabels, rowsOf } from '@/lib/lookups';

export type Formats = Record<string, (value: unknown) => string>;

function formatOf(f: FieldDef): ((value: unknown) => string) | undefined {
  switch (f.kind) {
    case 'ref':
    case 'refs':
      return f.ref ? cachedLabels(f.ref) : undefined;
    case 'option':
      return (value) => f.options?.find((o) => o.value === String(value))?.label ?? String(value);
    case 'bool':
      return (value) => (value === true || value === 1 || value === '1' ? 'Sí' : 'No');
    case 'money':
      return (value) => formatMoney(Number(value));
    case 'percent':
      return (value) => formatPercent(Number(value) / 100);
    default:
      return undefined;
  }
}

/** The fields' readers by name (fields shown as typed have none). */
export function fieldFormats(fields: readonly FieldDef[]): Formats {
  const out: Formats = {};
  for (const f of fields) {
    const format = formatOf(f);
    // An empty value reads as nothing (the caller shows its dash), never "$ 0,00" or "No".
    if (format)
      out[f.name] = (value) => (value === null || value === undefined || value === '' ? '' : format(value));
  }
  return out;
}

/**
 * A list of images (a gallery's, a registry entry's): images have no names, so how many, and which
 * one is the cover (by its place) when the list has one. Older revisions hold bare ids.
 */
export const imagesCount = (value: unknown): string => {
  const count = Array.isArray(value) ? value.length : 0;
  if (!count) return '—';
  const cover = rowsOf(value).findIndex((r) => r.portada === 1 || r.portada === true);
  return `${plural(count, 'imagen', 'imágenes')}${cover >= 0 ? `; portada: imagen ${cover + 1}` : ''}`;
};
