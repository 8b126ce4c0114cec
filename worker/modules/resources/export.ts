import type { ColumnDef, ResourceDef } from '../../shared/resource-types';
import type { Cell } from '../../platform/xlsx';
import { streamXlsx } from '../../platform/xlsx-stream';
import type { Row } from './service';
import { bogotaDateTime } from '../../shared/bogota';

/** A cell as a person reads it in Excel: money in pesos, states in words, references by name. */
export function cellOf(column: ColumnDef, row: Row): Cell {
  const value = row[column.field];
  if (row[`${column.field}_label`] !== undefined) return row[`${column.field}_label`] as string;
  if (row[`${column.field}_items`])
    return (row[`${column.field}_items`] as Row[]).map((i) => i[column.labelField ?? 'nombre']).join(', ');
  switch (column.type) {
    case 'money':
      return typeof value === 'number' ? Math.trunc(value) / 100 : null;
    case 'money_decimal':
      return typeof value === 'number' ? value / 100 : null;
    case 'percent':
    case 'percentage':
      return typeof value === 'number' ? value / 100 : null;
    case 'active':
      return value ? 'Activo' : 'Inactivo';
    case 'check':
      return value ? 'Sí' : 'No';
    case 'date':
    case 'datetime':
      return typeof value === 'number' ? bogotaDateTime(value) : (value as Cell);
    default:
      return value as Cell;
  }
}

/** A registry table's workbook, streamed: `rows` gives its rows a page at a time. */
export function resourceWorkbookStream(
  def: ResourceDef,
  columns: ColumnDef[],
  rows: AsyncIterable<Row[]>,
): ReadableStream<Uint8Array> {
  async function* pages() {
    for await (const page of rows) yield page.map((r) => columns.map((c) => cellOf(c, r)));
  }
  return streamXlsx([{ name: def.label, headers: columns.map((c) => c.header), pages: pages() }]);
}
