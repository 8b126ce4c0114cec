// Several choices from a registry catalogue, shown as chips.
import { emptyHint } from '@/components/form/empty-catalogue';
import { MultiSelectField } from '@/components/form/multi-select-field';
import { useLookupQuery } from '@/lib/lookups';

type Props = {
  label: string;
  resource: string;
  value: number[];
  onValueChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
};

export function RefMulti({ label, resource, value, onValueChange, error, disabled }: Props) {
  const lookups = useLookupQuery(resource);
  const { options, loading } = lookups;
  return (
    <MultiSelectField
      label={label}
      value={value}
      options={options}
      onValueChange={onValueChange}
      loading={loading}
      error={error}
      hint={disabled ? undefined : emptyHint(lookups, label)}
      disabled={disabled}
    />
  );
}
