// The referral tree loaded level by level: level 1 first, a branch (?root=ID&depth=1) when a
// node is expanded, the whole tree (three levels) when searching or expanding everything.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import { notifyError } from '@/lib/api-errors';
import { MAX_LEVEL, type TreeNode } from '@/features/referrals/referral-types';
import { allIds, withBranch } from '@/features/referrals/tree-ops';

type Tree = { data: TreeNode[]; root: number };
type Status = 'loading' | 'ready' | 'error';

const PATH = '/general/referidos/arbol';

export function useReferralTree() {
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const [forbidden, setForbidden] = useState(false);
  const [full, setFull] = useState(false);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [version, setVersion] = useState(0);
  const fullLoad = useRef<Promise<TreeNode[] | null> | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    setStatus('loading');
    fullLoad.current = null;
    api<Tree>('GET', PATH, { depth: 1 }, { signal: ctrl.signal })
      .then((res) => {
        setNodes(res.data);
        setFull(false);
        setLoaded(new Set());
        setExpanded(new Set());
        setStatus('ready');
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setForbidden(err instanceof ApiError && err.status === 403);
        setStatus('error');
      });
    return () => ctrl.abort();
  }, [version]);

  /** Loads the whole tree once (three levels); later calls reuse the same request. */
  const loadAll = useCallback(() => {
    if (full) return Promise.resolve(nodes);
    fullLoad.current ??= api<Tree>('GET', PATH)
      .then((res) => {
        setNodes(res.data);
        setFull(true);
        return res.data;
      })
      .catch((err) => {
        fullLoad.current = null;
        notifyError(err);
        return null;
      });
    return fullLoad.current;
  }, [full, nodes]);

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
          const res = await api<Tree>('GET', PATH, { root: n.id, depth: 1 });
          setNodes((all) => withBranch(all, n.id, res.data));
          setLoaded((s) => new Set(s).add(n.id));
        } catch (err) {
          notifyError(err);
          return;
        } finally {
          setBusy((s) => new Set([...s].filter((x) => x !== n.id)));
        }
      }
      setExpanded((s) => new Set(s).add(n.id));
    },
    [expanded, full, loaded],
  );

  const expandAll = useCallback(async () => {
    const tree = await loadAll();
    if (tree) setExpanded(new Set(allIds(tree)));
  }, [loadAll]);
  const collapseAll = useCallback(() => setExpanded(new Set()), []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return { nodes, status, forbidden, full, expanded, busy, canExpand, toggle, loadAll, expandAll, collapseAll, reload };
}

export type ReferralTreeModel = ReturnType<typeof useReferralTree>;
