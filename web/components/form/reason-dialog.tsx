// A dialog that asks only for a required reason before an action the member is told about
// (rejecting a payment receipt, annulling a purchase): the reason is checked with the same valibot
// schema the server uses, and sent trimmed. Reopening it for another record starts empty (give it
// a `key`).
import { REASON_MAX, type ReasonSchema } from '@shared/schemas/shop';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import * as v from 'valibot';
import { FormActions } from '@/components/form/form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The field's label, e.g. 'Motivo del rechazo'. */
  label: string;
  placeholder?: string;
  /** The send button's label, e.g. 'Rechazar'. */
  submitLabel: string;
  schema: ReasonSchema;
  busy: boolean;
  onSubmit: (motivo: string) => void;
};

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  placeholder,
  submitLabel,
  schema,
  busy,
  onSubmit,
}: Props) {
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(schema, { motivo });
    if (!parsed.success) return setError(parsed.issues[0]!.message);
    setError('');
    onSubmit(parsed.output.motivo);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              {label}
            </label>
            <Textarea
              id={id}
              value={motivo}
              maxLength={REASON_MAX}
              onChange={(e) => setMotivo(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              placeholder={placeholder}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <FormActions
            busy={busy}
            onCancel={() => onOpenChange(false)}
            label={submitLabel}
            variant="dialog"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
