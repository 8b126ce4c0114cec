// A registry entry whose fields follow a kind (ResourceDef.fieldsBy: a collection account's
// payment method and its tipo): which fields the form shows, which of them are required, and the
// hidden ones it saves empty.
import type { FieldDef, ResourceDef } from '@shared/resource-types';
import { useMemo } from 'react';
import type { FormValues } from '@/components/form/form-values';
import { optionsOf, useLookups } from '@/lib/lookups';

export type FieldsShown = { shown: FieldDef[]; hidden: string[] };

/**
 * Shown: the fields in no kind's list, and the chosen kind's (marked required). Until a kind is
 * chosen only the former show; while the chosen option's kind is still loading, every field shows
 * (nothing typed disappears).
 */
export function fieldsFor(
  rule: NonNullable<ResourceDef['fieldsBy']>,
  fields: FieldDef[],
  kind: string | null | undefined,
): FieldsShown {
  if (kind === undefined) return { shown: fields, hidden: [] };
  const anyKind = new Set(Object.values(rule.fields).flat());
  const needs = new Set(kind ? (rule.fields[kind] ?? []) : []);
  const shown = fields
    .filter((f) => !anyKind.has(f.name) || needs.has(f.name))
    .map((f) => (needs.has(f.name) ? { ...f, required: true } : f));
  return {
    shown,
    hidden: fields.filter((f) => anyKind.has(f.name) && !needs.has(f.name)).map((f) => f.name),
  };
}

export function useFieldsBy(def: ResourceDef, fields: FieldDef[], values: FormValues): FieldsShown {
  const rule = def.fieldsBy;
  const ref = rule ? fields.find((f) => f.name === rule.field)?.ref : undefined;
  const options = optionsOf(useLookups(ref, {}, !!ref));
  const chosen = rule ? String(values[rule.field] ?? '') : '';
  // null: nothing chosen; undefined: chosen, its option not loaded yet.
  let kind: string | null | undefined = null;
  if (rule && chosen) {
    const option = options.find((o) => String(o.id) === chosen);
    const extra = option?.[rule.extra as keyof typeof option];
    kind = option ? (typeof extra === 'string' ? extra : null) : undefined;
  }
  return useMemo(
    () => (rule ? fieldsFor(rule, fields, kind) : { shown: fields, hidden: [] }),
    [rule, fields, kind],
  );
}
