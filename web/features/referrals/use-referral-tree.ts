// The referral tree loaded level by level: level 1 first, a branch (?root=ID&depth=1) when a
// node is expanded, the whole tree (three levels) when searching or expanding everything.
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '@/lib/api-errors';
import { keyOf, queryClient, useRead } from '@/lib/query';
import { getTree, MAX_LEVEL, type Tree, type TreeNode } from '@/features/referrals/referral-api';
import { allIds, withBranch } from '@/features/referrals/tree-ops';

type Status = 'loading' | 'ready' | 'error';

const PATH = '/general/referidos/arbol';
/** A branch or the whole tree, on demand, through the query cache. */
const fetchTree = (query: { root?: number; depth?: number }) =>
  queryClient.fetchQuery({
    queryKey: keyOf(PATH, query),
    queryFn: ({ signal }) => getTree(query, signal),
    staleTime: 0,
  });

/** What the member has opened on top of the first level; a new first level starts it over. */
type Local = { base: Tree; nodes: TreeNode[]; full: boolean; loaded: ReadonlySet<number> };

export function useReferralTree() {
  const first = useRead(keyOf(PATH, { depth: 1 }), (signal) => getTree({ depth: 1 }, signal));
  const [localState, setLocal] = useState<Local | null>(null);
  const base = first.data;
  const local: Local | null = base
    ? localState?.base === base
      ? localState
      : { base, nodes: base.data, full: false, loaded: new Set() }
    : null;
  const nodes = local?.nodes ?? [];
  const full = local?.full ?? false;
  const loaded = local?.loaded ?? new Set<number>();
  // A reload starts the tree over (skeleton), so what was opened is not shown against new data.
  const status: Status = first.fetching
    ? 'loading'
    : first.status === 'error'
      ? 'error'
      : base
        ? 'ready'
        : 'loading';
  const forbidden = !!first.error?.forbidden;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const fullLoad = useRef<Promise<TreeNode[] | null> | null>(null);
  const update = useCallback(
    (fn: (l: Local) => Local) =>
      setLocal((prev) => {
        const current = base
          ? prev?.base === base
            ? prev
            : { base, nodes: base.data, full: false, loaded: new Set<number>() }
          : null;
        return current ? fn(current) : prev;
      }),
    [base],
  );

  // A new first level (a reload) closes everything and forgets the whole-tree request.
  useEffect(() => {
    fullLoad.current = null;
    setExpanded(new Set());
  }, [base]);

  /** Loads the whole tree once (three levels); later calls reuse the same request. */
  const loadAll = useCallback(() => {
    if (full) return Promise.resolve(nodes);
    fullLoad.current ??= fetchTree({})
      .then((res) => {
        update((l) => ({ ...l, nodes: res.data, full: true }));
        return res.data;
      })
      .catch((err) => {
        fullLoad.current = null;
        notifyError(err);
        return null;
      });
    return fullLoad.current;
  }, [full, nodes, update]);

  const canExpand = (n: TreeNode) => n.total_referidos > 0 && n.nivel < MAX_LEVEL;

  const toggle = useCallback(
    async (n: TreeNode) => {
      if (expanded.has(n.id)) {
        setExpanded((s) => new Set([...s].filter((x) => x !== n.id)));
        return;
      }
      if (!(full || loaded.has(n.id) || n.referidos.length > 0)) {
        setBusy((s) => new Set(s).add(n.id));
        try {
          const res = await fetchTree({ root: n.id, depth: 1 });
          update((l) => ({
            ...l,
            nodes: withBranch(l.nodes, n.id, res.data),
            loaded: new Set(l.loaded).add(n.id),
          }));
        } catch (err) {
          notifyError(err);
          return;
        } finally {
          setBusy((s) => new Set([...s].filter((x) => x !== n.id)));
        }
      }
      setExpanded((s) => new Set(s).add(n.id));
    },
    [expanded, full, loaded, update],
  );

  const expandAll = useCallback(async () => {
    const tree = await loadAll();
    if (tree) setExpanded(new Set(allIds(tree)));
  }, [loadAll]);
  const collapseAll = useCallback(() => setExpanded(new Set()), []);
  const { reload } = first;

  return {
    nodes,
    status,
    forbidden,
    full,
    expanded,
    busy,
    canExpand,
    toggle,
    loadAll,
    expandAll,
    collapseAll,
    reload,
  };
}

export type ReferralTreeModel = ReturnType<typeof useReferralTree>;
