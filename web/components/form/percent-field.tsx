// Percent input (spec §5): two fixed decimals and a % suffix; the value is basis points
// (12,50 % → 1250). Either '.' or ',' may separate the decimals while typing.
import { type ReactNode, useEffect, useId, useState } from 'react';
import { AdornedInput } from '@/components/form/adorned-input';
import { describedBy, FormField } from '@/components/form/form-field';

export const formatPercentText = (bp: number | null | undefined) =>
  typeof bp === 'number' && Number.isFinite(bp) ? (bp / 100).toFixed(2) : '';

export function parsePercentText(raw: string): { text: string; bp: number | null } {
  const cleaned = raw.replace(',', '.').replace(/[^\d.]/g, '');
  const [int = '', ...rest] = cleaned.split('.');
  const hasDot = rest.length > 0;
  const decimals = rest.join('').slice(0, 2);
  const text = int.slice(0, 5) + (hasDot ? `.${decimals}` : '');
  if (!int && !decimals) return { text, bp: null };
  return { text, bp: Number(int || '0') * 100 + Number(decimals.padEnd(2, '0')) };
}

type Props = {
  label: ReactNode;
  value: number | null;
  onValueChange: (bp: number | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
};

export function PercentField({ label, value, onValueChange, error, required, disabled, className }: Props) {
  const id = useId();
  const [text, setText] = useState(() => formatPercentText(value));

  useEffect(() => {
    if (parsePercentText(text).bp !== value) setText(formatPercentText(value));
  }, [value]);

  return (
    <FormField id={id} label={label} error={error} required={required} className={className}>
      <AdornedInput
        id={id}
        suffix="%"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const next = parsePercentText(e.target.value);
          setText(next.text);
          onValueChange(next.bp);
        }}
        onBlur={() => setText(formatPercentText(value))}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, error)}
      />
    </FormField>
  );
}
