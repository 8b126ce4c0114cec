import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table wider than its box scrolls sideways inside its own container and never widens the page:
 * the container's inline size is contained (`contain: inline-size`), so its columns do not count
 * toward the width of the card, grid track or page around it (a grid's `auto` track, e.g. a page's
 * `grid gap-6`, grew to the table's width: 667 px pages at 390 px).
 *
 * `scrollable`: a table that may be wider than its column (many columns, narrow screens) gets a
 * focusable, named scroll region, so the keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function Table({
  className,
  scrollable,
  ...props
}: ComponentProps<'table'> & { scrollable?: boolean }) {
  const region = scrollable
    ? ({ tabIndex: 0, role: 'region', 'aria-label': props['aria-label'] } as const)
    : {};
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto contain-inline-size focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      {...region}
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead data-slot="table-header" className={cn('bg-muted/50 [&_tr]:border-b', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/50 font-medium', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/40 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 whitespace-nowrap px-3 text-start align-middle font-medium text-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td data-slot="table-cell" className={cn('whitespace-nowrap p-3 align-middle', className)} {...props} />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
