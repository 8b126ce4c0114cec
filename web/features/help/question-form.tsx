// The question form (spec §5): pregunta required; modulo and funcionalidad optional.
import { MSG } from '@shared/messages';
import { questionSchema } from '@shared/schemas/help';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Spinner } from '@/components/feedback/spinner';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { type Question, sendQuestion } from '@/features/help/help-api';
import { ModuleSelect } from '@/features/help/module-select';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';
import { useForm } from '@/lib/use-form';

const BLANK = { modulo: '', funcionalidad: '', pregunta: '' };

export function QuestionForm({ onSent }: { onSent?: (row: Question) => void }) {
  const form = useForm(BLANK);
  const [saving, setSaving] = useState(false);
  const { values, errors, set } = form;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate(questionSchema);
    if (!body) return;
    setSaving(true);
    try {
      const res = await sendQuestion(body);
      toast.success(res.message ?? MSG.created);
      form.setValues(BLANK);
      onSent?.(res.data);
    } catch (err) {
      form.setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Enviar pregunta" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <ModuleSelect value={values.modulo} onChange={(v) => set('modulo', v)} error={errors.modulo} disabled={saving} />
        <TextField label="Funcionalidad" value={values.funcionalidad} onValueChange={(v) => set('funcionalidad', v)} error={errors.funcionalidad} disabled={saving} maxLength={150} hint="Por ejemplo: adjuntar comprobante" />
      </div>
      <TextareaField label="Pregunta" required rows={4} value={values.pregunta} onValueChange={(v) => set('pregunta', v)} error={errors.pregunta} disabled={saving} maxLength={300} />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          Enviar pregunta
        </Button>
      </div>
    </form>
  );
}
