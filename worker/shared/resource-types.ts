// The shape of a resource registry entry (ARCHITECTURE.md §3) and the builders that turn its
// fields into one valibot schema for the API and the forms. Isomorphic.
import * as v from 'valibot';
import { MSG } from './messages';
import { editVersion } from './schemas/fields';
import { pesos } from './money-out';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'int'
  | 'money' // integer cents; the form shows $ and thousands separators
  | 'percent' // basis points (two fixed decimals); the form shows %
  | 'bool'
  | 'ref' // id of a row of another resource
  | 'refs' // ids of rows of another resource (a chip list)
  | 'option' // one of fixed options
  | 'date';

export type FieldDef = {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  max?: number;
  min?: number;
  /** For ref/refs: the registry key of the referenced resource. */
  ref?: string;
  /** For ref: narrows the options by another field of this form (e.g. departamento by pais). */
  dependsOn?: { field: string; refField: string };
  options?: readonly { value: string; label: string }[];
  /** Shown in the form but stored elsewhere (files/images handled by their own module). */
  help?: string;
  /** Not editable in the generic form (e.g. maintained by a dedicated screen). */
  readOnly?: boolean;
  /** For bool: the value of a new record (true unless said). */
  defaultValue?: boolean;
  /** For int: the value when the body leaves it out (e.g. `tarifa_iva` 19, decision 0432). */
  defaultNumber?: number;
};

export type ColumnType =
  | 'text'
  | 'number'
  | 'money'
  | 'money_decimal'
  | 'check'
  | 'active'
  | 'percent'
  | 'percentage'
  | 'chips'
  | 'date'
  | 'datetime'
  | 'status';

export type ColumnDef = {
  field: string;
  header: string;
  type?: ColumnType;
  sortable?: boolean;
  /** For chips: the label field of each item (defaults to nombre, spec §3). */
  labelField?: string;
  /**
   * Left out of the table below 640 px (decision 0464): on a phone a list keeps its key columns,
   * without sideways scrolling; the value stays in the record, the Excel and wider screens.
   */
  phoneHidden?: boolean;
};

export type FilterKind = 'text' | 'eq' | 'bool' | 'daterange' | 'ref';
export type FilterDef = {
  field: string;
  label: string;
  kind: FilterKind;
  ref?: string;
  options?: readonly { value: string; label: string }[];
};

/** A configuration section, `{area}:{section}`: the permission prefix `app:general:configuracion:{area}:{section}`. */
export type SectionKey = `${string}:${string}`;

/** Where a registry entry shows in the Configuración menu: its group path and its place there. */
export type MenuPlace = { path: readonly string[]; order: number; label?: string };

/** What member screens need a table for: the dashboard's first-run checklist names it while it has no active row. */
export type FirstRunNeed = { usedBy: string; required?: boolean };

export type ResourceDef<K extends string = string, S extends SectionKey = SectionKey> = {
  key: K;
  section: S;
  /** Member screens read it: listed in the administrator's first-run checklist while empty. */
  firstRun?: FirstRunNeed;
  /** Label of the permission section (the role editor); defaults to `label`. */
  sectionLabel?: string;
  /** The leaf in the Configuración menu; without it the screen opens only by its URL. */
  menu?: MenuPlace;
  /** SPA route (list; /new and /edit/:id below it). */
  route: string;
  /** API path under /api/v1. */
  endpoint: string;
  label: string;
  singular: string;
  /** Delete confirmation, e.g. 'Seguro desea eliminar el producto?'. */
  deleteQuestion: string;
  fields: FieldDef[];
  columns: ColumnDef[];
  filters: FilterDef[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  /** Field shown by autocomplete and by chips that reference this resource. */
  labelField: string;
  /** Extra fields autocomplete returns (e.g. a payment method's tipo, which decides a form). */
  autocompleteFields?: string[];
  /** Columns of the Excel export; defaults to the list columns. */
  exportColumns?: ColumnDef[];
  /** Unique field sets; a clash answers 409 with `uniqueMessage`. */
  unique: string[][];
  uniqueMessage: string;
  /** Images kept through the multi-image uploader (products, graphic aids). */
  images?: { max: number };
  /** A PDF kept through the attachment uploader (terms and conditions). */
  file?: { label: string };
  /** False for a table whose rows follow rules across fields the import does not run. */
  importable?: false;
  /**
   * Which fields apply follows a kind: the `extra` autocomplete field of the option chosen in the
   * ref `field` (a collection account's payment method and its tipo). The form shows, and marks
   * required, only the fields listed for the chosen kind; the fields of the other kinds are hidden
   * and saved empty. Fields in no list always show.
   */
  fieldsBy?: { field: string; extra: string; fields: Readonly<Record<string, readonly string[]>> };
};

const numberLike = (label: string) =>
  v.union(
    [
      v.number(MSG.numeric(label)),
      v.pipe(
        v.string(MSG.numeric(label)),
        v.trim(),
        v.regex(/^-?\d+$/, MSG.numeric(label)),
        v.transform(Number),
      ),
    ],
    MSG.numeric(label),
  );

function fieldSchema(f: FieldDef): v.GenericSchema {
  const label = f.label;
  switch (f.kind) {
    case 'text':
    case 'textarea': {
      const max = f.max ?? (f.kind === 'text' ? 150 : 5000);
      const base = v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(max, MSG.maxLength(label, max)));
      return f.required ? v.pipe(base, v.nonEmpty(MSG.required)) : v.optional(v.nullable(base), null);
    }
    case 'email': {
      const base = v.pipe(
        v.string(MSG.invalid),
        v.trim(),
        v.nonEmpty(MSG.required),
        v.email(MSG.invalid),
        v.maxLength(254, MSG.maxLength(label, 254)),
      );
      return f.required ? base : v.optional(v.nullable(base), null);
    }
    case 'int':
    case 'money':
    case 'percent': {
      const min = f.min ?? 0;
      const max = f.max ?? (f.kind === 'percent' ? 10_000 : 1_000_000_000_000);
      // Limits read as the form shows the value: money in pesos and percents in percent, not the
      // cents and basis points they are stored in.
      const shown = (n: number) =>
        f.kind === 'money' ? pesos(n) : f.kind === 'percent' ? `${n / 100} %` : n;
      const base = v.pipe(
        numberLike(label),
        v.number(MSG.numeric(label)),
        v.integer(MSG.numeric(label)),
        v.minValue(min, MSG.min(label, shown(min))),
        v.maxValue(max, MSG.max(label, shown(max))),
      );
      // An int with fixed options (the VAT rates) takes only those values.
      const allowed = f.options?.map((o) => Number(o.value));
      const checked = allowed
        ? v.pipe(
            base,
            v.check((n) => allowed.includes(n), MSG.oneOf(label, allowed)),
          )
        : base;
      if (f.defaultNumber !== undefined) return v.optional(checked, f.defaultNumber);
      return f.required ? checked : v.optional(v.nullable(checked), null);
    }
    case 'bool':
      return v.optional(v.boolean(MSG.invalid), true);
    case 'ref': {
      const base = v.pipe(
        numberLike(label),
        v.number(MSG.numeric(label)),
        v.integer(MSG.invalid),
        v.minValue(1, MSG.required),
      );
      return f.required ? base : v.optional(v.nullable(base), null);
    }
    case 'refs':
      return v.optional(
        v.pipe(
          v.array(
            v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)),
            MSG.invalid,
          ),
          v.maxLength(200, MSG.invalid),
        ),
        [],
      );
    case 'option': {
      const base = v.picklist(
        (f.options ?? []).map((o) => o.value),
        MSG.invalid,
      );
      return f.required ? base : v.optional(v.nullable(base), null);
    }
    case 'date': {
      const base = v.pipe(v.string(MSG.invalid), v.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalid));
      return f.required ? base : v.optional(v.nullable(base), null);
    }
  }
}

/** The body schema of a resource: strict about types, silent about unknown keys (dropped). */
export function resourceSchema(def: ResourceDef) {
  const entries: Record<string, v.GenericSchema> = {};
  for (const f of def.fields) if (!f.readOnly) entries[f.name] = fieldSchema(f);
  // The edit counter the form read (decision 0110): an edit naming an older one is refused (409).
  // The terms' own `version` field is their label, so they keep no counter.
  if (!('version' in entries)) entries.version = editVersion();
  return v.object(entries);
}

export const editableFields = (def: ResourceDef) => def.fields.filter((f) => !f.readOnly);

/** Tables an administrator can load from .xlsx/.csv: all but those holding a PDF per row (terms) or opting out. */
export const isImportable = (def: ResourceDef) => !def.file && def.importable !== false;

/**
 * One autocomplete option: the id, the label, and the entry's `autocompleteFields` by name
 * (e.g. a payment method's `tipo`), as stored.
 */
export type AutocompleteOption = { id: number; label: string } & {
  [field: string]: string | number | boolean | null;
};
