import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** An input with a fixed prefix or suffix ($, %) drawn inside its border. */
export function AdornedInput({
  prefix,
  suffix,
  className,
  ...props
}: ComponentProps<typeof Input> & { prefix?: ReactNode; suffix?: ReactNode }) {
  return (
    <div className="relative">
      {prefix && (
        <span
          aria-hidden
          className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground"
        >
          {prefix}
        </span>
      )}
      <Input className={cn(prefix && 'ps-7', suffix && 'pe-8', 'tabular-nums', className)} {...props} />
      {suffix && (
        <span
          aria-hidden
          className="pointer-events-none absolute end-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground"
        >
          {suffix}
        </span>
      )}
    </div>
  );
}
