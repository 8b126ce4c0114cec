// The registry entry's fields in the auto-form, saved with POST (new) or PUT (edit). An edit sends
// the `version` it read; a 409 for a stale one offers to reload or compare (decision 0257), and the
// record's history sits under the form.
import { MSG } from '@shared/messages';
import { editableFields, resourceSchema, type ResourceDef } from '@shared/resource-types';
import { type ReactNode, useMemo, useRef } from 'react';
import { AutoForm } from '@/components/form/auto-form';
import { ConflictBanner, useStaleEdit } from '@/components/form/conflict-banner';
import { type Formats, fieldFormats, imagesCount } from '@/components/form/field-formats';
import type { FormValues } from '@/components/form/form-values';
import { HistoryPanel } from '@/components/form/history-panel';
import { useAutoForm } from '@/components/form/use-auto-form';
import { useFieldsBy } from '@/components/form/fields-by';
import { FormActions } from '@/components/form/form-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { invalidate } from '@/lib/query';
import { createResourceRow, getResourceRow, updateResourceRow } from '@/lib/resource-queries';

type Props = {
  def: ResourceDef;
  record?: FormValues & { id: number };
  listPath: string;
  /** After a successful save, with the saved row. */
  onSaved: (row: FormValues & { id: number }) => void;
  note?: ReactNode;
};

export function ResourceForm({ def, record, listPath, onSaved, note }: Props) {
  const fields = useMemo(() => editableFields(def), [def]);
  const schema = useMemo(() => resourceSchema(def), [def]);
  const stale = useStaleEdit();
  // The terms' own `version` field is their label: they keep no edit counter.
  const versioned = !fields.some((f) => f.name === 'version');
  const version = versioned && typeof record?.version === 'number' ? record.version : undefined;
  const form = useAutoForm(fields, schema, record, {
    send: (body) =>
      record ? updateResourceRow(def.endpoint, record.id, body) : createResourceRow(def.endpoint, body),
    success: record ? MSG.updated : MSG.created,
    invalidates: [def.endpoint],
    // The fields of another kind than the chosen one (fieldsBy) are saved empty.
    extra: () => ({
      ...(version ? { version } : {}),
      ...Object.fromEntries(hiddenRef.current.map((name) => [name, null])),
    }),
    errors: stale.errors,
    onSaved: (res) => {
      stale.clear();
      onSaved(res.data as FormValues & { id: number });
    },
  });
  const { shown, hidden } = useFieldsBy(def, fields, form.values);
  const hiddenRef = useRef(hidden);
  hiddenRef.current = hidden;
  const saving = form.busy;
  // An entry with images lists them in its history too (how many; restorable, decision 0299).
  const labels = useMemo(
    () => ({
      ...Object.fromEntries(fields.map((f) => [f.name, f.label])),
      ...(def.images ? { imagenes: 'Imágenes' } : {}),
    }),
    [fields, def.images],
  );
  const formats = useMemo(
    (): Formats => ({ ...fieldFormats(fields), ...(def.images ? { imagenes: imagesCount } : {}) }),
    [fields, def.images],
  );

  return (
    <div className="grid gap-6">
      <Card>
        <form
          noValidate
          onSubmit={form.onSubmit}
          className="grid gap-6"
          aria-label={record ? `Editar ${def.singular.toLowerCase()}` : `Nuevo ${def.singular.toLowerCase()}`}
        >
          <CardHeader>
            <CardTitle>{record ? 'Editar registro' : 'Nuevo registro'}</CardTitle>
            <CardDescription>{note ?? 'Los campos marcados con * son obligatorios.'}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {stale.message && record && (
              <ConflictBanner
                message={stale.message}
                fields={fields.map((f) => ({ name: f.name, label: f.label, format: formats[f.name] }))}
                mine={form.values}
                load={async () => (await getResourceRow(def.endpoint, String(record.id))).data}
                onReload={() => {
                  stale.clear();
                  void invalidate(def.endpoint);
                }}
              />
            )}
            <AutoForm fields={shown} form={form} record={record} />
          </CardContent>
          <FormActions busy={saving} cancelTo={listPath} busyLabel="Guardando..." />
        </form>
      </Card>
      {record && (
        <HistoryPanel
          entity={def.key}
          recordId={record.id}
          version={version}
          labels={labels}
          formats={formats}
          invalidates={[def.endpoint]}
        />
      )}
    </div>
  );
}
