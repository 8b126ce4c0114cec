import { PAGE_SIZES } from '@shared/list-query';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react';
import { useId } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { formatNumber, plural } from '@/lib/format';
import { pageCount } from '@/lib/use-paging';

type Props = {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  /** Without it the page size is fixed and no size picker shows. */
  onPerPage?: (perPage: number) => void;
  /** What the rows are, singular and plural ('registro', 'registros'). */
  noun?: readonly [string, string];
  /** A page is on its way: the buttons wait and a spinner shows. */
  busy?: boolean;
  /** Names the pager as a navigation landmark (a list beside others on its screen). */
  label?: string;
};

/**
 * The one pager (decision 0320): the grid's server paging (sizes 10/20/50/100, pages from 1, spec
 * §9) and every other paged list, with its state from `usePaging` (web/lib/use-paging.ts).
 */
export function DataGridPagination({
  page,
  perPage,
  total,
  onPage,
  onPerPage,
  noun = ['registro', 'registros'],
  busy = false,
  label,
}: Props) {
  const id = useId();
  const pages = pageCount(total, perPage);
  const from = total ? (page - 1) * perPage + 1 : 0;
  const to = Math.min(page * perPage, total);
  const Frame = label ? 'nav' : 'div';
  return (
    <Frame
      aria-label={label}
      data-grid-pager=""
      className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm"
    >
      <p className="text-muted-foreground" aria-live="polite" data-testid="page-range">
        {/* A Spanish phrase with numbers: one left-to-right unit in an RTL page. */}
        <bdi dir="ltr">
          {formatNumber(from)}–{formatNumber(to)} de {plural(total, noun[0], noun[1])}
        </bdi>
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {busy && <Spinner />}
        {onPerPage && (
          <div className="flex items-center gap-2">
            <label htmlFor={id} className="whitespace-nowrap">
              Filas por página
            </label>
            <div className="w-20">
              <Select id={id} value={String(perPage)} onChange={(e) => onPerPage(Number(e.target.value))}>
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        )}
        <span className="whitespace-nowrap">
          <bdi dir="ltr">
            Página {formatNumber(page)} de {formatNumber(pages)}
          </bdi>
        </span>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Primera página"
            disabled={busy || page <= 1}
            onClick={() => onPage(1)}
          >
            <ChevronsLeftIcon className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Página anterior"
            disabled={busy || page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeftIcon className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Página siguiente"
            disabled={busy || page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRightIcon className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Última página"
            disabled={busy || page >= pages}
            onClick={() => onPage(pages)}
          >
            <ChevronsRightIcon className="rtl:rotate-180" />
          </Button>
        </div>
      </div>
    </Frame>
  );
}
