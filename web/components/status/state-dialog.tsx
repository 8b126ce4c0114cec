// The state-change dialog of docs/product-spec.md §4: 'Desea cambiar el estado a {state}?', an optional
// comentario, and the buttons Cancel and Aceptar. The comment is the caller's form field
// (StatusMenu's useApiForm), so the server's message for it shows under it.
import { confirmQuestion } from '@shared/workflow';
import type { ReactNode } from 'react';
import { TextareaField } from '@/components/form/textarea-field';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { AppDialog, DialogFooter } from '@/components/ui/dialog';

type Props = {
  /** The target state; null keeps the dialog closed. */
  state: string | null;
  busy?: boolean;
  comentario: string;
  onComentarioChange: (comentario: string) => void;
  /** The comment's message (the schema's or the server's). */
  error?: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** A caller's own wording (the bulk payment): the title, the question and the comment's hint. */
  title?: string;
  description?: ReactNode;
  hint?: string;
};

export function StateDialog({
  state,
  busy,
  comentario,
  onComentarioChange,
  error,
  onCancel,
  onConfirm,
  title = 'Cambio de estado',
  description,
  hint = 'Opcional',
}: Props) {
  return (
    <AppDialog
      open={!!state}
      onClose={onCancel}
      busy={busy}
      title={title}
      description={description ?? (state ? confirmQuestion(state) : '')}
      showClose={false}
    >
      <TextareaField
        label="Comentario"
        value={comentario}
        onValueChange={onComentarioChange}
        error={error}
        rows={3}
        maxLength={1000}
        hint={hint}
      />
      <DialogFooter>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={busy} onClick={onConfirm}>
          {busy && <Spinner />}
          Aceptar
        </Button>
      </DialogFooter>
    </AppDialog>
  );
}
