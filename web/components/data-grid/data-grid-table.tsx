import { MSG } from '@shared/messages';
import { flexRender, type Table as TableModel } from '@tanstack/react-table';
import { useDeferredValue } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';

// The actions column stays in view when a wide table scrolls sideways, from tablet widths up. On a
// phone it covered a third of the screen and hid the columns under it (Nombre, Estado) until the
// table was scrolled to its end: there it scrolls with the rest of the row.
const STICKY = 'md:sticky md:end-0 md:z-10 md:shadow-[-1px_0_0_var(--border)]';
const isActions = (id: string) => id === 'acciones';
/** A column a phone leaves out (decision 0464): the key columns fit 390 px without scrolling. */
const PHONE_HIDDEN = 'max-sm:hidden';
const phoneHidden = (meta: unknown) => !!(meta as { phoneHidden?: boolean } | undefined)?.phoneHidden;
// Values and headers («N.º compra») may wrap (grid-cell.tsx says where) when the columns do not
// fit: with the drawer open at 1280 px the last data columns would otherwise sit under the sticky
// actions. Wide screens keep one line per row, since the table shrinks only the columns it cannot
// fit; a header's 40 px holds two lines.
const WRAP = 'whitespace-normal';
/** A placeholder cell: a data cell's padding (py-2.5 around a 20 px line = 40 px, as a row of icon buttons in py-1). */
const SKELETON_CELL = 'px-2.5 py-2.5';

type Props<T> = {
  table: TableModel<T>;
  label: string;
  loading: boolean;
  loaded: boolean;
  error: boolean;
  onRetry: () => void;
  skeletonRows?: number;
};

/** The table itself, with its loading skeleton, load-failure and empty states. */
export function DataGridTable<T>({
  table,
  label,
  loading,
  loaded: loadedNow,
  error,
  onRetry,
  skeletonRows,
}: Props<T>) {
  // The first rows are drawn in a transition, which React splits into slices of a few
  // milliseconds: on a phone, a page of rows drawn in one go was a long task that held the page.
  const loaded = useDeferredValue(loadedNow);
  const columns = table.getVisibleLeafColumns();
  // Enough placeholders to reach below the fold (a page's rows usually do): the footer under the
  // table then does not jump when they arrive.
  const placeholders = skeletonRows ?? Math.min(table.getState().pagination.pageSize, 15);
  const rows = table.getRowModel().rows;
  if (error) return <ErrorState message={MSG.tableError} onRetry={onRetry} />;
  if (loaded && !loading && rows.length === 0) return <EmptyState />;
  return (
    <div className="overflow-hidden rounded-lg border bg-card" aria-busy={loading}>
      {/* A new table when the first rows arrive: the columns take the widths of their content, and
          headers that moved sideways would count as a layout shift; new elements do not. */}
      <Table
        key={loaded ? 'rows' : 'placeholder'}
        data-grid-placeholder={loaded ? undefined : ''}
        aria-label={label}
        className={cn(loading && loaded && 'opacity-60 transition-opacity')}
      >
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <TableHead
                    key={header.id}
                    className={cn(
                      'px-2.5',
                      phoneHidden(header.column.columnDef.meta) && PHONE_HIDDEN,
                      isActions(header.column.id)
                        ? `${STICKY} bg-[color-mix(in_oklab,var(--muted)_50%,var(--card))]`
                        : WRAP,
                    )}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {!loaded
            ? // Keys of their own: a row's id ('7') must not match a placeholder's index, or React
              // would move that placeholder's <tr> to the row's place (a layout shift of ~0.18 on a
              // phone). Cells padded like a row's, around a line of text (20 px): the same height.
              Array.from({ length: placeholders }, (_, i) => (
                <TableRow key={`skeleton-${i}`} aria-hidden data-skeleton="">
                  {columns.map((c) => (
                    <TableCell
                      key={c.id}
                      className={cn(SKELETON_CELL, phoneHidden(c.columnDef.meta) && PHONE_HIDDEN)}
                    >
                      <Skeleton className="h-5 w-full min-w-12" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell
                      key={cell.id}
                      className={cn(
                        'px-2.5 py-2.5',
                        phoneHidden(cell.column.columnDef.meta) && PHONE_HIDDEN,
                        isActions(cell.column.id) ? `${STICKY} bg-card py-1` : WRAP,
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </div>
  );
}
