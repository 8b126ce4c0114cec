// An administrator answers a question (or corrects the answer); answering approves it.
import { answerSchema, moduleLabel } from '@shared/schemas/help';
import { MSG } from '@shared/messages';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Spinner } from '@/components/feedback/spinner';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { answerQuestion, type Question } from '@/features/help/help-api';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';
import { useForm } from '@/lib/use-form';

type Props = { question: Question | null; onClose: () => void; onDone: () => void };

export function AnswerDialog({ question, onClose, onDone }: Props) {
  const form = useForm({ respuesta: '' });
  const [busy, setBusy] = useState(false);
  const { setValues, setErrors } = form;
  useEffect(() => {
    setValues({ respuesta: question?.respuesta ?? '' });
    setErrors({});
  }, [question, setValues, setErrors]);

  const save = async () => {
    if (!question) return;
    const body = form.validate(answerSchema);
    if (!body) return;
    setBusy(true);
    try {
      await answerQuestion(question.id, body);
      toast.success(MSG.updated);
      onDone();
      onClose();
    } catch (err) {
      form.setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={!!question} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Responder pregunta #{question?.id}</DialogTitle>
          <DialogDescription>
            {question?.user_name} · {moduleLabel(question?.modulo)}
            {question?.funcionalidad ? ` · ${question.funcionalidad}` : ''}
          </DialogDescription>
        </DialogHeader>
        <blockquote className="rounded-md border-s-4 border-primary/60 bg-muted/50 px-3 py-2 text-sm whitespace-pre-wrap">{question?.pregunta}</blockquote>
        <TextareaField label="Respuesta" required rows={6} maxLength={5000} value={form.values.respuesta} onValueChange={(v) => form.set('respuesta', v)} error={form.errors.respuesta} disabled={busy} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={save} disabled={busy}>
            {busy && <Spinner />}
            Guardar respuesta
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
