// Dates typed as the spec writes them, YYYY-MM-DD (product-spec §9), instead of the browser's
// locale format (mm/dd/yyyy in an en-US Chromium). Digits get their dashes as they are typed.
import { type ComponentProps, useEffect, useState } from 'react';
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
