import { HELP_MODULES } from '@shared/schemas/help';
import { type Option, SelectField } from '@/components/form/select-field';

const OPTIONS: Option[] = [
  ...HELP_MODULES.map((m) => ({ value: m.label, label: m.label })),
  { value: 'Otro', label: 'Otro' },
];

/** The module a suggestion or question is about; values are the modules' Spanish names. */
export function ModuleSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label="Módulo"
      value={value}
      onValueChange={onChange}
      options={OPTIONS}
      error={error}
      disabled={disabled}
    />
  );
}
