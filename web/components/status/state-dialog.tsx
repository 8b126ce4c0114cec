// The state-change dialog of docs/product-spec.md §4: 'Desea cambiar el estado a {state}?', an optional
// comentario, and the buttons Cancel and Aceptar.
import { confirmQuestion } from '@shared/workflow';
import { useEffect, useState } from 'react';
import { TextareaField } from '@/components/form/textarea-field';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type Props = {
  /** The target state; null keeps the dialog closed. */
  state: string | null;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: (comentario: string | null) => void;
};

export function StateDialog({ state, busy, onCancel, onConfirm }: Props) {
  const [comentario, setComentario] = useState('');
  useEffect(() => setComentario(''), [state]);
  return (
    <Dialog open={!!state} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent showClose={false}>
        <DialogHeader>
          <DialogTitle>Cambio de estado</DialogTitle>
          <DialogDescription>{state ? confirmQuestion(state) : ''}</DialogDescription>
        </DialogHeader>
        <TextareaField
          label="Comentario"
          value={comentario}
          onValueChange={setComentario}
          rows={3}
          maxLength={1000}
          hint="Opcional"
        />
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={() => onConfirm(comentario.trim() || null)}>
            {busy && <Spinner />}
            Aceptar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
