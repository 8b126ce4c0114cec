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
  /** A control drawn inside the input's end edge (e.g. the date field's calendar button). */
  end?: ReactNode;
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
  end,
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
  const input = (
    <Input
      id={fieldId}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      aria-describedby={describedBy(fieldId, error, hint)}
      className={end ? 'pe-10' : undefined}
      {...props}
    />
  );
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      {end ? (
        <div className="relative">
          {input}
          <div className="absolute inset-y-0 end-0 flex items-center pe-1">{end}</div>
        </div>
      ) : (
        input
      )}
    </FormField>
  );
}
