import { type ComponentProps, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { describedBy, FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { useHydrated } from '@/lib/use-hydrated';

type TextFieldProps = Omit<ComponentProps<typeof Input>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, required, className, value, onValueChange, id, ...props }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const input = useRef<HTMLInputElement>(null);
  const hydrating = !useHydrated();
  // On a page prerendered at build time (/login), what the user typed or the browser autofilled
  // before React took over is in the field but not in the form's state: adopt it once, before the
  // first re-render would write the state's value back over it. Only then: a browser-rendered
  // field may hold a sanitised form of its value (a date input given a timestamp shows '').
  useLayoutEffect(() => {
    const present = input.current?.value;
    if (hydrating && present !== undefined && present !== value) onValueChange(present);
  }, [hydrating]);
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <Input
        ref={input}
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
