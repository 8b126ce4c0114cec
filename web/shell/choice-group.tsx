import { cn } from '@/lib/cn';

type Choice<T extends string> = { value: T; label: string; swatch?: string };

/** Native radios drawn as cards (the transparent input covers the card): keyboard and screen-reader behaviour for free. */
export function ChoiceGroup<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: Choice<T>[];
  onChange: (value: T) => void;
}) {
  const { legend, name, value, options, onChange } = props;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(5rem,1fr))] gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'relative flex cursor-pointer flex-col items-center gap-1.5 rounded-md border p-2 text-center text-xs transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === o.value && 'border-primary bg-accent font-medium text-accent-foreground',
            )}
          >
            <input
              type="radio"
              className="absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.swatch && <span aria-hidden className={cn('h-6 w-full rounded border', o.swatch)} />}
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
