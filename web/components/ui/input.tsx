import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Right-to-left (decision 0052): numbers, money, e-mails and other machine-shaped values keep
// their left-to-right order; free text follows its own content (dir="auto"). A caller may override.
const LTR_TYPES = new Set(['number', 'email', 'tel', 'url', 'password']);
const LTR_MODES = new Set(['numeric', 'decimal', 'tel', 'email', 'url']);

export function inputDir(type?: string, inputMode?: string): 'ltr' | 'auto' {
  return (type && LTR_TYPES.has(type)) || (inputMode && LTR_MODES.has(inputMode)) ? 'ltr' : 'auto';
}

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      dir={inputDir(type, props.inputMode)}
      data-slot="input"
      className={cn(
        'flex h-9 w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs transition-[color,box-shadow] outline-none',
        'placeholder:text-muted-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    />
  );
}
