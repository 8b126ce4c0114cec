// The registry entry's fields in the auto-form, saved with POST (new) or PUT (edit).
import { MSG } from '@shared/messages';
import { editableFields, resourceSchema, type ResourceDef } from '@shared/resource-types';
import { type ReactNode, useMemo } from 'react';
import { AutoForm } from '@/components/form/auto-form';
import type { FormValues } from '@/components/form/form-values';
import { useAutoForm } from '@/components/form/use-auto-form';
import { FormActions } from '@/components/form/form-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { createResourceRow, updateResourceRow } from '@/lib/resource-queries';

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
  const form = useAutoForm(fields, schema, record, {
    send: (body) =>
      record ? updateResourceRow(def.endpoint, record.id, body) : createResourceRow(def.endpoint, body),
    success: record ? MSG.updated : MSG.created,
    invalidates: [def.endpoint],
    onSaved: (res) => onSaved(res.data as FormValues & { id: number }),
  });
  const saving = form.busy;

  return (
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
        <CardContent>
          <AutoForm
            fields={fields}
            values={form.values}
            errors={form.errors}
            onChange={form.change}
            record={record}
            disabled={saving}
          />
        </CardContent>
        <FormActions busy={saving} cancelTo={listPath} busyLabel="Guardando..." />
      </form>
    </Card>
  );
}
