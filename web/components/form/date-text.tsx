// Dates typed as the spec writes them, YYYY-MM-DD (docs/product-spec.md §9), instead of the browser's
// locale format (mm/dd/yyyy in an en-US Chromium). Digits get their dashes as they are typed.
import { CalendarIcon } from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** "19900520" → "1990-05-20"; keeps what is already well formed. */
export function withDashes(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (/^\d{4}-\d{0,2}(-\d{0,2})?$/.test(raw)) return raw.slice(0, 10);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

/** Props that turn a text field into a YYYY-MM-DD field (forms built on TextField). */
export const DATE_TEXT_PROPS = {
  type: 'text',
  inputMode: 'numeric',
  placeholder: 'AAAA-MM-DD',
  maxLength: 10,
  dir: 'ltr',
  autoComplete: 'off',
  pattern: '\\d{4}-\\d{2}-\\d{2}',
} as const;

type Props = Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A date filter input: reports only complete dates (or empty), so no half-typed value is sent. */
export function DateText({ value, onValueChange, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <Input
      {...DATE_TEXT_PROPS}
      {...rest}
      value={draft}
      onChange={(e) => {
        const next = withDashes(e.target.value);
        setDraft(next);
        if (!next || DATE_PATTERN.test(next)) onValueChange(next);
      }}
    />
  );
}

/**
 * The calendar button of a YYYY-MM-DD text field: it opens the browser's own date picker (a native
 * <input type="date">, whose value is YYYY-MM-DD whatever the locale shows) and hands the chosen
 * day back to the text field, which keeps showing it as the spec writes dates.
 */
export function DatePickerButton({
  value,
  onPick,
  disabled,
  min,
  max,
}: {
  value: string;
  onPick: (value: string) => void;
  disabled?: boolean;
  min?: string;
  max?: string;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <span className="relative inline-flex">
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-label="Fecha del calendario"
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-0"
        value={DATE_PATTERN.test(value) ? value : ''}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => e.target.value && onPick(e.target.value)}
      />
      <button
        type="button"
        aria-label="Elegir fecha en el calendario"
        title="Elegir fecha en el calendario"
        disabled={disabled}
        className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground disabled:opacity-50"
        onClick={() => {
          const el = picker.current;
          if (!el) return;
          try {
            el.showPicker();
          } catch {
            el.focus();
          }
        }}
      >
        <CalendarIcon className="size-4" />
      </button>
    </span>
  );
}
