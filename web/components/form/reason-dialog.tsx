// A dialog that asks only for a required reason before an action the member is told about
// (rejecting a payment receipt, annulling a purchase): a useApiForm on the same valibot schema the
// server uses, so the reason is sent trimmed and the server's message for it shows under it.
// Opening or closing it starts the reason empty again.
import { REASON_MAX, type ReasonSchema } from '@shared/schemas/shop';
import { type ReactNode, useEffect, useId } from 'react';
import { FormActions } from '@/components/form/form-actions';
import { AppDialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useApiForm } from '@/lib/use-api-form';

type Props<R> = {
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
  /** The caller's typed call with the trimmed reason. */
  send: (motivo: string) => Promise<R>;
  /** Cached reads to refresh after a success (API paths). */
  invalidates?: string[];
  onSaved?: (res: R) => void;
};

export function ReasonDialog<R>({
  open,
  onOpenChange,
  title,
  description,
  label,
  placeholder,
  submitLabel,
  schema,
  send,
  invalidates,
  onSaved,
}: Props<R>) {
  const id = useId();
  const form = useApiForm({
    defaultValues: { motivo: '' },
    schema,
    send: (body) => send(body.motivo),
    invalidates,
    onSaved: (res) => onSaved?.(res),
  });
  const { busy, setValues, setErrors } = form;
  useEffect(() => {
    setValues({ motivo: '' });
    setErrors({});
  }, [open, setValues, setErrors]);
  const motivo = form.values.motivo;
  const error = form.errors.motivo;
  return (
    <AppDialog open={open} onClose={() => onOpenChange(false)} title={title} description={description}>
      <form onSubmit={form.onSubmit} className="grid gap-4" noValidate>
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <Textarea
            id={id}
            value={motivo}
            maxLength={REASON_MAX}
            onChange={(e) => form.set('motivo', e.target.value)}
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
        <FormActions busy={busy} onCancel={() => onOpenChange(false)} label={submitLabel} variant="dialog" />
      </form>
    </AppDialog>
  );
}
