import { type ComponentProps, type ReactNode, useId } from 'react';
import { describedBy, FormField } from '@/components/form/form-field';
import { Textarea } from '@/components/ui/textarea';

type Props = Omit<ComponentProps<typeof Textarea>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextareaField({
  label,
  error,
  hint,
  required,
  className,
  value,
  onValueChange,
  id,
  ...props
}: Props) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <Textarea
        id={fieldId}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...props}
      />
    </FormField>
  );
}
