// A multi-select shown as chips: a select adds one option at a time, each chip removes itself.
import { XIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { describedBy, FormField } from '@/components/form/form-field';
import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/select';

export type MultiOption = { id: number; label: string };

type Props = {
  label: ReactNode;
  value: number[];
  options: MultiOption[];
  onValueChange: (ids: number[]) => void;
  /** Labels of chosen ids that are not among the options (e.g. inactive rows). */
  knownLabels?: Record<number, string>;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  className?: string;
};

export function MultiSelectField({
  label,
  value,
  options,
  onValueChange,
  knownLabels = {},
  error,
  hint,
  disabled,
  loading,
  className,
}: Props) {
  const id = useId();
  const labelOf = (n: number) => options.find((o) => o.id === n)?.label ?? knownLabels[n] ?? `#${n}`;
  const free = options.filter((o) => !value.includes(o.id));
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Select
        id={id}
        value=""
        disabled={disabled || loading}
        onChange={(e) => e.target.value && onValueChange([...value, Number(e.target.value)])}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        <option value="">{loading ? 'Cargando...' : free.length ? 'Agregar...' : 'Sin más opciones'}</option>
        {free.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </Select>
      {value.length > 0 && (
        <ul aria-label="Seleccionados" className="flex flex-wrap gap-1.5">
          {value.map((n) => (
            <li key={n}>
              <Badge variant="secondary" className="gap-1 py-1 ps-2.5 pe-1 text-sm">
                <bdi>{labelOf(n)}</bdi>
                <button
                  type="button"
                  disabled={disabled}
                  aria-label={`Quitar ${labelOf(n)}`}
                  onClick={() => onValueChange(value.filter((x) => x !== n))}
                  className="rounded-sm p-0.5 hover:bg-background/60 disabled:opacity-50"
                >
                  <XIcon className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </FormField>
  );
}
