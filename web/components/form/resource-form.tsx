// The registry entry's fields in the auto-form, saved with POST (new) or PUT (edit).
import { MSG } from '@shared/messages';
import { editableFields, resourceSchema, type ResourceDef } from '@shared/resource-types';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AutoForm } from '@/components/form/auto-form';
import type { FormValues } from '@/components/form/form-values';
import { useAutoForm } from '@/components/form/use-auto-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';
import { invalidate } from '@/lib/query';
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
  const form = useAutoForm(fields, schema, record);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    setSaving(true);
    try {
      const res = record
        ? await updateResourceRow(def.endpoint, record.id, body)
        : await createResourceRow(def.endpoint, body);
      void invalidate(def.endpoint);
      toast.success(res.message ?? (record ? MSG.updated : MSG.created));
      onSaved(res.data);
    } catch (err) {
      form.setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} className="grid gap-6" aria-label={record ? `Editar ${def.singular.toLowerCase()}` : `Nuevo ${def.singular.toLowerCase()}`}>
        <CardHeader>
          <CardTitle>{record ? 'Editar registro' : 'Nuevo registro'}</CardTitle>
          <CardDescription>{note ?? 'Los campos marcados con * son obligatorios.'}</CardDescription>
        </CardHeader>
        <CardContent>
          <AutoForm fields={fields} values={form.values} errors={form.errors} onChange={form.change} record={record} disabled={saving} />
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t pt-6">
          <Button variant="outline" asChild>
            <Link to={listPath}>Cancelar</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Guardando...' : 'Guardar'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
