// 'Catálogo': product cards filtered by category and search, and the subscription
// types offered the same way.
import { MSG } from '@shared/messages';
import { useId, useState } from 'react';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { CardsSkeleton } from '@/features/shop/cards-skeleton';
import { ItemCard } from '@/features/shop/item-card';
import { useAddToCart } from '@/features/shop/use-cart';
import { CATALOG_PAGE, useCatalog, useCategories, useOffers } from '@/features/shop/use-catalog';
import { useDebounced } from '@/lib/use-debounced';
import { plural } from '@/lib/format';
import { usePaging } from '@/lib/use-paging';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
const months = (n: number) => plural(n, 'mes', 'meses');

export function CatalogTab() {
  const searchId = useId();
  const categoryId = useId();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 350);
  const [categoria, setCategoria] = useState<number | undefined>();
  const { page, setPage, first } = usePaging(CATALOG_PAGE);
  const products = useCatalog({ q: q || undefined, categoria_id: categoria, page });
  const categories = useCategories();
  const offers = useOffers();
  const addToCart = useAddToCart();

  return (
    <div className="grid gap-8">
      <section className="grid gap-4" aria-labelledby="productos-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="productos-title" className="text-lg font-semibold">
            Productos
          </h2>
          <div role="search" className="grid w-full gap-3 sm:w-auto sm:grid-cols-[16rem_14rem]">
            <div className="grid gap-1">
              <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
                Buscar
              </label>
              <SearchInput
                id={searchId}
                placeholder="Código o nombre"
                value={text}
                onChange={(e) => (setText(e.target.value), first())}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={categoryId} className="text-xs font-medium text-muted-foreground">
                Categoría
              </label>
              <Select
                id={categoryId}
                value={categoria ? String(categoria) : ''}
                onChange={(e) => (setCategoria(e.target.value ? Number(e.target.value) : undefined), first())}
              >
                <option value="">Todas</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.nombre}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </div>
        {products.status === 'error' ? (
          <ErrorState message={MSG.loadError} onRetry={() => (products.reload(), offers.reload())} />
        ) : products.status !== 'ready' ? (
          <CardsSkeleton />
        ) : products.data.data.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <div className={GRID} aria-busy={products.fetching}>
              {products.data.data.map((p) => (
                <ItemCard
                  key={p.id}
                  label={`${p.codigo} - ${p.nombre}`}
                  precio={p.precio}
                  descripcion={p.descripcion}
                  image={p.thumbnail}
                  badge={p.categoria}
                  onAdd={() => addToCart({ producto_id: p.id })}
                />
              ))}
            </div>
            {products.data.total > CATALOG_PAGE && (
              <DataGridPagination
                label="Paginación del catálogo"
                noun={['producto', 'productos']}
                page={page}
                perPage={CATALOG_PAGE}
                total={products.data.total}
                onPage={setPage}
              />
            )}
          </>
        )}
      </section>

      <section className="grid gap-4" aria-labelledby="suscripciones-title">
        <h2 id="suscripciones-title" className="text-lg font-semibold">
          Suscripciones
        </h2>
        {offers.status === 'error' ? (
          <ErrorState message={MSG.loadError} onRetry={() => (products.reload(), offers.reload())} />
        ) : offers.status !== 'ready' ? (
          <CardsSkeleton count={2} />
        ) : offers.data.length === 0 ? (
          <EmptyState />
        ) : (
          <div className={GRID}>
            {offers.data.map((o) => (
              <ItemCard
                key={o.id}
                subscription
                label={o.nombre}
                precio={o.precio}
                descripcion={o.descripcion}
                badge={months(o.duracion_meses)}
                onAdd={() => addToCart({ tipo_suscripcion_id: o.id })}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
