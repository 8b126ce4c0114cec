// Several choices from a registry catalogue, shown as chips.
import { MultiSelectField } from '@/components/form/multi-select-field';
import { useLookups } from '@/lib/lookups';

type Props = { label: string; resource: string; value: number[]; onValueChange: (ids: number[]) => void; error?: string; disabled?: boolean };

export function RefMulti({ label, resource, value, onValueChange, error, disabled }: Props) {
  const { options, loading } = useLookups(resource);
  return <MultiSelectField label={label} value={value} options={options} onValueChange={onValueChange} loading={loading} error={error} disabled={disabled} />;
}
