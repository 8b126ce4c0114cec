// The button row of a form: 'Cancelar' (a link back to the list, or a button)
// and the submit button, disabled and showing its busy text or a spinner while the form saves.
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { CardFooter } from '@/components/ui/card';
import { DialogFooter } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useShortcut } from '@/lib/shortcuts';

type Props = {
  busy: boolean;
  /** Where 'Cancelar' goes back to (a link). */
  cancelTo?: string;
  /** What 'Cancelar' does (a button, disabled while saving); without it nor `cancelTo`, none. */
  onCancel?: () => void;
  /** The submit button's text. */
  label?: string;
  /** Shown instead of the label while saving; without it, a spinner before the label. */
  busyLabel?: string;
  /** Shown before the label when not saving. */
  icon?: ReactNode;
  /** 'card': a card's footer (with its top border); 'dialog': a dialog's; 'plain': a row. */
  variant?: 'card' | 'dialog' | 'plain';
  className?: string;
};

export function FormActions({
  busy,
  cancelTo,
  onCancel,
  label = 'Guardar',
  busyLabel,
  icon,
  variant = 'card',
  className,
}: Props) {
  // Ctrl+S sends the form this row belongs to, as its submit button would.
  const submit = useRef<HTMLButtonElement>(null);
  useShortcut('save', () => {
    if (!busy) submit.current?.form?.requestSubmit(submit.current);
  });
  const buttons = (
    <>
      {cancelTo !== undefined ? (
        <Button variant="outline" asChild>
          <Link to={cancelTo}>Cancelar</Link>
        </Button>
      ) : onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
      ) : null}
      <Button ref={submit} type="submit" disabled={busy}>
        {busy && busyLabel !== undefined ? (
          busyLabel
        ) : (
          <>
            {busy ? <Spinner /> : icon}
            {label}
          </>
        )}
      </Button>
    </>
  );
  if (variant === 'dialog') return <DialogFooter className={className}>{buttons}</DialogFooter>;
  return variant === 'card' ? (
    <CardFooter className={cn('justify-end gap-2 border-t pt-6', className)}>{buttons}</CardFooter>
  ) : (
    <div className={cn('flex justify-end gap-2', className)}>{buttons}</div>
  );
}
