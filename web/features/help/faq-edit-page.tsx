// /app/centrodeayuda/preguntasfrecuentes/edit/:id (administrators): the FAQ's fields (question,
// answer, module, order, linked graphic aids, active) as the configuration registry declares them,
// saved through its endpoint, then back to the FAQ page.
import { MSG } from '@shared/messages';
import { editableFields, resourceSchema } from '@shared/resource-types';
import { RESOURCES } from '@shared/resources';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { AutoForm } from '@/components/form/auto-form';
import type { FormValues } from '@/components/form/form-values';
import { useAutoForm } from '@/components/form/use-auto-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FAQ_ROUTE } from '@/features/help/help-types';
import { api } from '@/lib/api';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';
import { useRecord } from '@/lib/use-record';

const DEF = RESOURCES.find((r) => r.key === 'preguntasfrecuentes')!;
const FIELDS = editableFields(DEF);
const SCHEMA = resourceSchema(DEF);
type Row = FormValues & { id: number };

function FaqForm({ record }: { record: Row }) {
  const navigate = useNavigate();
  const form = useAutoForm(FIELDS, SCHEMA, record);
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    setSaving(true);
    try {
      const res = await api<{ message?: string }>('PUT', `${DEF.endpoint}/${record.id}`, body);
      toast.success(res.message ?? MSG.updated);
      navigate(FAQ_ROUTE);
    } catch (err) {
      form.setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label="Editar pregunta frecuente" className="grid gap-6 pt-6">
        <CardContent>
          <AutoForm fields={FIELDS} values={form.values} errors={form.errors} onChange={form.change} record={record} disabled={saving} />
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t pt-6">
          <Button variant="outline" asChild>
            <Link to={FAQ_ROUTE}>Cancelar</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Guardando...' : 'Guardar'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export default function FaqEditPage() {
  const { id } = useParams();
  const { state, reload } = useRecord<Row>(`${DEF.endpoint}/${id}`);
  return (
    <section className="grid gap-6">
      <PageHeader title="Preguntas frecuentes: editar registro" />
      {state.status === 'ready' ? (
        <FaqForm record={state.data} />
      ) : state.status === 'error' ? (
        <ErrorState message={state.notFound ? MSG.notFound : MSG.formError} onRetry={state.notFound ? undefined : reload} />
      ) : (
        <FormSkeleton fields={FIELDS.length} />
      )}
    </section>
  );
}
