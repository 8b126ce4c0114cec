import type { Column } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A header that sorts on click when the column allows it (asc, then desc). */
export function DataGridColumnHeader<T>({
  column,
  title,
  numeric,
}: {
  column: Column<T, unknown>;
  title: string;
  numeric?: boolean;
}) {
  if (!column.getCanSort()) return <span className={cn('block', numeric && 'text-end')}>{title}</span>;
  const dir = column.getIsSorted();
  const Icon = dir === 'asc' ? ArrowUpIcon : dir === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      className={cn(
        '-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-start leading-tight hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        numeric && 'ms-auto flex',
      )}
    >
      {title}
      <Icon aria-hidden className={cn('size-3.5', dir ? 'text-foreground' : 'text-muted-foreground/60')} />
    </button>
  );
}
