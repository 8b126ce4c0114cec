// Money input (spec §5): a $ prefix and es-CO thousands separators while typing; the value is
// integer cents. A comma starts up to two decimals (es-CO), e.g. "1.500.000,50".
import { type ReactNode, useEffect, useId, useState } from 'react';
import { AdornedInput } from '@/components/form/adorned-input';
import { describedBy, FormField } from '@/components/form/form-field';
import { ES_CO, formatDecimal } from '@shared/number-format';

/** Whole pesos with es-CO thousands separators ('1.500.000'). */
const group = (pesos: number) => formatDecimal(pesos, ES_CO, { max: 0 });

export function formatPesosText(cents: number | null | undefined): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '';
  const pesos = Math.trunc(Math.abs(cents) / 100);
  const rest = Math.abs(cents % 100);
  return (cents < 0 ? '-' : '') + group(pesos) + (rest ? `,${String(rest).padStart(2, '0')}` : '');
}

/**
 * Reads what was typed: the text to show back and the cents it means (null when empty). A leading
 * minus is kept, so a negative amount reaches the schema, which says why it is refused, instead of
 * being turned silently into a positive one.
 */
export function parsePesosText(raw: string): { text: string; cents: number | null } {
  const negative = /^\s*[-−]/.test(raw);
  const sign = negative ? '-' : '';
  const [intRaw = '', ...rest] = raw.replace(/[^\d,]/g, '').split(',');
  const digits = intRaw.replace(/^0+(?=\d)/, '').slice(0, 13);
  const hasComma = rest.length > 0;
  const decimals = rest.join('').slice(0, 2);
  if (!digits && !decimals) return { text: hasComma ? `${sign}0,` : sign, cents: null };
  const pesos = Number(digits || '0');
  const cents = pesos * 100 + Number(decimals.padEnd(2, '0'));
  return {
    text: sign + group(pesos) + (hasComma ? `,${decimals}` : ''),
    cents: negative ? -cents : cents,
  };
}

type Props = {
  label: ReactNode;
  value: number | null;
  onValueChange: (cents: number | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

export function MoneyField({ label, value, onValueChange, error, required, disabled, className }: Props) {
  const id = useId();
  const [text, setText] = useState(() => formatPesosText(value));

  // Follow a value set from outside (record loaded, form reset).
  useEffect(() => {
    if (parsePesosText(text).cents !== value) setText(formatPesosText(value));
  }, [value]);

  return (
    <FormField id={id} label={label} error={error} required={required} className={className}>
      <AdornedInput
        id={id}
        prefix="$"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const next = parsePesosText(e.target.value);
          setText(next.text);
          onValueChange(next.cents);
        }}
        onBlur={() => setText(formatPesosText(value))}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error)}
      />
    </FormField>
  );
}
