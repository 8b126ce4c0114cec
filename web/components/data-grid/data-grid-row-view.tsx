import type { ColumnDef } from '@shared/resource-types';
import { GridCell } from '@/components/data-grid/grid-cell';
import type { ResourceRow as Row } from '@/components/data-grid/use-grid-query';
import { AppDialog } from '@/components/ui/dialog';

/** The 'Ver' action: every column of one row, read-only. */
export function DataGridRowView({
  title,
  columns,
  row,
  onClose,
}: {
  title: string;
  columns: ColumnDef[];
  row: Row | null;
  onClose: () => void;
}) {
  return (
    <AppDialog
      open={!!row}
      onClose={onClose}
      title={title}
      description="Detalle del registro"
      className="sm:max-w-xl"
    >
      {row && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          {columns.map((col) => (
            <div key={col.field} className="contents">
              <dt className="font-medium text-muted-foreground">{col.header}</dt>
              <dd className="min-w-0 [&_span]:max-w-none [&_span]:whitespace-normal [&_span]:text-start">
                <GridCell col={col} row={row} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </AppDialog>
  );
}
