// The referral tree (docs/product-spec.md §2): one card per node with its subscription chip, expandable
// level by level, searchable by username. Empty: 'No hay datos para mostrar...'.
import { MSG } from '@shared/messages';
import { ChevronsDownUpIcon, ChevronsUpDownIcon, NetworkIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebounced } from '@/lib/use-debounced';
import type { TreeNode } from '@/features/referrals/referral-api';
import { countMatches, filterTree } from '@/features/referrals/tree-ops';
import { TreeNodeCard } from '@/features/referrals/tree-node-card';
import { useReferralTree } from '@/features/referrals/use-referral-tree';

export function ReferralTree() {
  const tree = useReferralTree();
  const searchId = useId();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 250);
  const [searching, setSearching] = useState(false);
  const { full, loadAll } = tree;

  // A search needs every level: load the whole tree once before filtering.
  useEffect(() => {
    if (!query || full) return;
    setSearching(true);
    loadAll().finally(() => setSearching(false));
  }, [query, full, loadAll]);

  const shown = useMemo(
    () => (query && full ? filterTree(tree.nodes, query) : tree.nodes),
    [tree.nodes, query, full],
  );
  const hits = query && full ? countMatches(tree.nodes, query) : 0;
  const filtering = !!query && full;

  const header = (
    <CardHeader className="gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <NetworkIcon aria-hidden className="size-5 text-primary" />
            Árbol de referidos
          </CardTitle>
          <CardDescription>Tus referidos hasta el nivel 3 con el estado de su suscripción.</CardDescription>
        </div>
        {tree.status === 'ready' && tree.nodes.length > 0 && (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={tree.expandAll}>
              <ChevronsUpDownIcon />
              Expandir todo
            </Button>
            <Button variant="outline" size="sm" onClick={tree.collapseAll}>
              <ChevronsDownUpIcon />
              Contraer todo
            </Button>
          </div>
        )}
      </div>
      {tree.status === 'ready' && tree.nodes.length > 0 && (
        <div className="grid gap-1.5 sm:max-w-sm">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={searchId} className="text-sm font-medium">
              Buscar por usuario
            </label>
            <span className="text-xs text-muted-foreground" aria-live="polite">
              {searching
                ? 'Cargando el árbol completo...'
                : filtering
                  ? `${hits} ${hits === 1 ? 'coincidencia' : 'coincidencias'}`
                  : ''}
            </span>
          </div>
          <SearchInput
            id={searchId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Nombre de usuario"
            autoComplete="off"
          />
        </div>
      )}
    </CardHeader>
  );

  return (
    <Card>
      {header}
      <CardContent>
        {tree.status === 'error' ? (
          <ErrorState
            message={tree.forbidden ? MSG.forbidden : MSG.loadError}
            onRetry={tree.forbidden ? undefined : tree.reload}
          />
        ) : tree.status === 'loading' ? (
          <div role="status" className="grid gap-2" aria-busy="true" aria-label="Cargando árbol de referidos">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-15 w-full" />
            ))}
          </div>
        ) : tree.nodes.length === 0 ? (
          <EmptyState text="Aún no tienes referidos. Comparte tu enlace para empezar tu red." />
        ) : searching ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : filtering && shown.length === 0 ? (
          <EmptyState text={`Ningún referido coincide con «${query}»`} />
        ) : (
          <ul role="tree" aria-label="Árbol de referidos" className="grid gap-2">
            {shown.map((n) => (
              <TreeNodeCard
                key={n.id}
                node={n}
                query={filtering ? query : ''}
                isExpanded={(x: TreeNode) => (filtering ? x.referidos.length > 0 : tree.expanded.has(x.id))}
                isBusy={(x: TreeNode) => tree.busy.has(x.id)}
                canExpand={(x: TreeNode) => !filtering && tree.canExpand(x)}
                onToggle={tree.toggle}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
