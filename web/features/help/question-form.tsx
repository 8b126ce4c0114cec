// The question form (spec §5): pregunta required; modulo and funcionalidad optional.
import { MSG } from '@shared/messages';
import { questionSchema } from '@shared/schemas/help';
import { Spinner } from '@/components/feedback/spinner';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { type Question, sendQuestion } from '@/features/help/help-api';
import { ModuleSelect } from '@/features/help/module-select';
import { useApiForm } from '@/lib/use-api-form';

const BLANK = { modulo: '', funcionalidad: '', pregunta: '' };

export function QuestionForm({ onSent }: { onSent?: (row: Question) => void }) {
  const form = useApiForm({
    defaultValues: BLANK,
    schema: questionSchema,
    send: sendQuestion,
    success: MSG.created,
    onSaved: (res) => {
      form.setValues(BLANK);
      onSent?.(res.data);
    },
  });
  const saving = form.busy;
  const { values, errors, set, field } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Enviar pregunta" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <ModuleSelect
          value={values.modulo}
          onChange={(v) => set('modulo', v)}
          error={errors.modulo}
          disabled={saving}
        />
        <TextField
          label="Funcionalidad"
          {...field('funcionalidad')}
          disabled={saving}
          maxLength={150}
          hint="Por ejemplo: adjuntar comprobante"
        />
      </div>
      <TextareaField
        label="Pregunta"
        required
        rows={4}
        {...field('pregunta')}
        disabled={saving}
        maxLength={300}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          Enviar pregunta
        </Button>
      </div>
    </form>
  );
}
