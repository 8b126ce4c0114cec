import { CheckIcon, MinusIcon } from 'lucide-react';
import type { ComponentProps, KeyboardEvent, MouseEvent } from 'react';
import { cn } from '@/lib/cn';

export type CheckedState = boolean | 'indeterminate';

type CheckboxProps = Omit<ComponentProps<'button'>, 'onChange' | 'value' | 'defaultChecked'> & {
  checked: CheckedState;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A controlled checkbox drawn as a button (role checkbox, `aria-checked` true, false or «mixed»),
 * as Radix's looked. It is one element until checked: no hidden form input and no state of its
 * own, so a grid of 100 rows hydrates without setting state again in every row (decision 0307).
 * Space toggles it; Enter does not (WAI-ARIA); from «mixed» it becomes checked.
 */
export function Checkbox({
  className,
  checked,
  onCheckedChange,
  onClick,
  onKeyDown,
  ...props
}: CheckboxProps) {
  const state = checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked === 'indeterminate' ? 'mixed' : checked}
      data-state={state}
      data-slot="checkbox"
      className={cn(
        'peer inline-flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-input bg-card text-current shadow-xs outline-none transition-shadow',
        'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        'aria-invalid:border-destructive',
        className,
      )}
      onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
        if (e.key === 'Enter') e.preventDefault();
        onKeyDown?.(e);
      }}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        onClick?.(e);
        if (!e.defaultPrevented) onCheckedChange?.(checked === 'indeterminate' ? true : !checked);
      }}
      {...props}
    >
      {state === 'checked' && <CheckIcon aria-hidden className="size-3.5" />}
      {state === 'indeterminate' && <MinusIcon aria-hidden className="size-3.5" />}
    </button>
  );
}
