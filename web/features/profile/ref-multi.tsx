// Several choices from a registry catalogue, shown as chips.
import { emptyHint } from '@/components/form/empty-catalogue';
import { MultiSelectField } from '@/components/form/multi-select-field';
import { optionsOf, useLookups } from '@/lib/lookups';

type Props = {
  label: string;
  resource: string;
  value: number[];
  onValueChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
};

export function RefMulti({ label, resource, value, onValueChange, error, disabled }: Props) {
  const lookups = useLookups(resource);
  return (
    <MultiSelectField
      label={label}
      value={value}
      options={optionsOf(lookups)}
      onValueChange={onValueChange}
      loading={lookups.status === 'loading'}
      error={error}
      hint={disabled ? undefined : emptyHint(lookups, label)}
      disabled={disabled}
    />
  );
}
