import { type ComponentProps, type ReactNode, useId, useLayoutEffect } from 'react';
import { describedBy, FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { takePrerenderedInput } from '@/lib/prerendered-inputs';

type TextFieldProps = Omit<ComponentProps<typeof Input>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextField({
  label,
  error,
  hint,
  required,
  className,
  value,
  onValueChange,
  id,
  ...props
}: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  // On a page prerendered at build time (/login): what was typed into this field before React
  // took over, adopted before the first re-render would write the state's value back over it.
  useLayoutEffect(() => {
    const typed = takePrerenderedInput(props.name);
    if (typed !== undefined && typed !== value) onValueChange(typed);
  }, []); // once, at mount
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <Input
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
