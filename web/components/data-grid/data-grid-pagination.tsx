import { PAGE_SIZES } from '@shared/list-query';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { formatNumber, plural } from '@/lib/format';

type Props = {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
};

/** Server paging: sizes 10/20/50/100, pages from 1 (spec §9). */
export function DataGridPagination({ page, perPage, total, onPage, onPerPage }: Props) {
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total ? (page - 1) * perPage + 1 : 0;
  const to = Math.min(page * perPage, total);
  return (
    <div data-grid-pager="" className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
      <p className="text-muted-foreground" aria-live="polite" data-testid="page-range">
        {/* A Spanish phrase with numbers: one left-to-right unit in an RTL page. */}
        <bdi dir="ltr">
          {formatNumber(from)}–{formatNumber(to)} de {plural(total, 'registro', 'registros')}
        </bdi>
      </p>
      <div className="flex flex-wrap items-center gap-4">
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
            disabled={page <= 1}
            onClick={() => onPage(1)}
          >
            <ChevronsLeftIcon className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Página anterior"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeftIcon className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Página siguiente"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRightIcon className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Última página"
            disabled={page >= pages}
            onClick={() => onPage(pages)}
          >
            <ChevronsRightIcon className="rtl:rotate-180" />
          </Button>
        </div>
      </div>
    </div>
  );
}
