import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber, plural } from '@/lib/format';

/** Previous / next for the catalogue cards. */
export function CatalogPager({
  page,
  perPage,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <nav aria-label="Paginación del catálogo" className="flex items-center justify-end gap-3 text-sm">
      <span className="text-muted-foreground">
        Página {formatNumber(page)} de {formatNumber(pages)} · {plural(total, 'producto', 'productos')}
      </span>
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
    </nav>
  );
}
