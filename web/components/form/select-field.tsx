import { type ComponentProps, type ReactNode, useId } from 'react';
import { describedBy, FormField } from '@/components/form/form-field';
import { Select } from '@/components/ui/select';

export type Option = { value: string | number; label: string };

type SelectFieldProps = Omit<ComponentProps<'select'>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: Option[];
  /** The empty first option; `null` leaves it out (a choice is always made). */
  placeholder?: string | null;
  error?: string;
  hint?: ReactNode;
};

export function SelectField(props: SelectFieldProps) {
  const {
    label,
    value,
    onValueChange,
    options,
    placeholder = 'Seleccione...',
    error,
    hint,
    required,
    className,
    id,
    ...rest
  } = props;
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <Select
        id={fieldId}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...rest}
      >
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
