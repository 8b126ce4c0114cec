// One cell by column type (docs/product-spec.md §3): numbers en-US, money es-CO COP from cents,
// percents from basis points, dates in Bogotá, chips, and the status and active chips.
import type { ColumnDef } from '@shared/resource-types';
import { CheckIcon, MinusIcon } from 'lucide-react';
import { Fragment } from 'react';
import { ActiveChip, StatusChip } from '@/components/status/status-chip';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyDecimal,
  formatNumber,
  formatPercent,
  formatPercentage,
} from '@/lib/format';

/** Any row: a registry record or a route's typed reply row; cells read it by field name. */
type Row = object;
const field = (row: Row, name: string): unknown => (row as Record<string, unknown>)[name];

const num = (v: unknown) =>
  typeof v === 'number'
    ? v
    : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v))
      ? Number(v)
      : null;

/** The text of a cell, as shown and as read in the detail view. */
export function cellText(col: ColumnDef, row: Row): string {
  const value = field(row, col.field);
  if (field(row, `${col.field}_label`) !== undefined) return String(field(row, `${col.field}_label`) ?? '');
  switch (col.type) {
    case 'number':
      return formatNumber(num(value));
    case 'money':
      return formatMoney(num(value));
    case 'money_decimal':
      return formatMoneyDecimal(num(value));
    case 'percent':
      return formatPercent(num(value) === null ? null : num(value)! / 100);
    case 'percentage':
      return formatPercentage(num(value) === null ? null : num(value)! / 100);
    case 'check':
      return value ? 'Sí' : 'No';
    case 'active':
      return value ? 'Activo' : 'Inactivo';
    case 'date':
      return formatDate(value as string | number | null);
    case 'datetime':
      return formatDateTime(value as string | number | null);
    case 'chips':
      return chipItems(col, row).join(', ');
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

function chipItems(col: ColumnDef, row: Row): string[] {
  const items = field(row, `${col.field}_items`);
  if (!Array.isArray(items)) return [];
  return items.map((i) => String(field(i as Row, col.labelField ?? 'nombre') ?? ''));
}

export function GridCell({ col, row }: { col: ColumnDef; row: Row }) {
  const value = field(row, col.field);
  switch (col.type) {
    case 'active':
      return <ActiveChip active={value} />;
    case 'status':
      return <StatusChip status={typeof value === 'string' && value ? value : null} />;
    case 'check':
      return value ? (
        <CheckIcon aria-label="Sí" className="size-4 text-success" />
      ) : (
        <MinusIcon aria-label="No" className="size-4 text-muted-foreground" />
      );
    case 'chips':
      return (
        <div className="flex max-w-xs flex-wrap gap-1">
          {chipItems(col, row).map((label, i) => (
            <Badge key={`${label}-${i}`} variant="secondary">
              {label}
            </Badge>
          ))}
        </div>
      );
    case 'number':
    case 'money':
    case 'money_decimal':
    case 'percent':
    case 'percentage':
      // <bdi dir="ltr">: numbers and money keep their reading order in right-to-left (decision 0052).
      return (
        <span className="block text-end tabular-nums whitespace-nowrap">
          <bdi dir="ltr">{cellText(col, row)}</bdi>
        </span>
      );
    case 'date':
    case 'datetime': {
      // Date and time may go on two lines when the columns do not fit, never inside either.
      const [day, time] = cellText(col, row).split(' ');
      return (
        <span className="block tabular-nums">
          <bdi dir="ltr">
            <span className="whitespace-nowrap">{day}</span>
            {time ? (
              <>
                {' '}
                <span className="whitespace-nowrap">{time}</span>
              </>
            ) : null}
          </bdi>
        </span>
      );
    }
    default: {
      const text = cellText(col, row);
      // Codes, e-mails and names isolated (<bdi>), so an LTR value keeps its order in an RTL page.
      // When the columns do not fit: short text wraps between words (never inside one); an e-mail
      // or a URL wraps after its @ . / : _ - (never inside a word), up to three lines; one long
      // code without those may break anywhere; long text keeps two lines and an ellipsis
      // (line-clamp hides overflow, which lets the table squeeze that column harder).
      const token = !/\s/.test(text) && (/[@/.:_-]/.test(text) || text.length > 24);
      const parts = token ? text.split(/(?<=[@/.:_-])(?=.)/) : [text];
      const wrap =
        parts.length > 1
          ? 'line-clamp-3 break-words'
          : token
            ? 'line-clamp-2 [overflow-wrap:anywhere]'
            : text.length > 60
              ? 'line-clamp-2 break-words'
              : 'break-words';
      return (
        <span className={cn('block max-w-xs', wrap)} title={text}>
          <bdi>
            {parts.map((part, i) => (
              <Fragment key={i}>
                {i > 0 && <wbr />}
                {part}
              </Fragment>
            ))}
          </bdi>
        </span>
      );
    }
  }
}

export const isNumericColumn = (col: ColumnDef) =>
  ['number', 'money', 'money_decimal', 'percent', 'percentage'].includes(col.type ?? '');
