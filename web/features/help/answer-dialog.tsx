// An administrator answers a question (or corrects the answer); answering approves it.
import { answerSchema, moduleLabel } from '@shared/schemas/help';
import { MSG } from '@shared/messages';
import { type FormEvent, useEffect } from 'react';
import { FormActions } from '@/components/form/form-actions';
import { TextareaField } from '@/components/form/textarea-field';
import { AppDialog } from '@/components/ui/dialog';
import { answerQuestion, type Question } from '@/features/help/help-api';
import { useApiForm } from '@/lib/use-api-form';

type Props = { question: Question | null; onClose: () => void; onDone: () => void };

export function AnswerDialog({ question, onClose, onDone }: Props) {
  const form = useApiForm({
    defaultValues: { respuesta: '' },
    schema: answerSchema,
    send: (body) => answerQuestion(question!.id, body),
    success: MSG.updated,
    onSaved: () => {
      onDone();
      onClose();
    },
  });
  const busy = form.busy;
  const { setValues, setErrors } = form;
  useEffect(() => {
    setValues({ respuesta: question?.respuesta ?? '' });
    setErrors({});
  }, [question, setValues, setErrors]);

  const save = (e: FormEvent) => (question ? form.onSubmit(e) : e.preventDefault());

  return (
    <AppDialog
      open={!!question}
      onClose={onClose}
      busy={busy}
      title={<>Responder pregunta #{question?.id}</>}
      description={
        <>
          {question?.user_name} · {moduleLabel(question?.modulo)}
          {question?.funcionalidad ? ` · ${question.funcionalidad}` : ''}
        </>
      }
      className="sm:max-w-xl"
    >
      <blockquote className="rounded-md border-s-4 border-primary/60 bg-muted/50 px-3 py-2 text-sm whitespace-pre-wrap">
        {question?.pregunta}
      </blockquote>
      <form noValidate onSubmit={save} className="grid gap-4">
        <TextareaField
          label="Respuesta"
          required
          rows={6}
          maxLength={5000}
          {...form.field('respuesta')}
          disabled={busy}
        />
        <FormActions busy={busy} onCancel={onClose} label="Guardar respuesta" variant="dialog" />
      </form>
    </AppDialog>
  );
}
