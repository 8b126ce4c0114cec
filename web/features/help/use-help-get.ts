// GET of a help-centre read (FAQs, graphic aids) with loading, error and reload.
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api';

export type Load<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

export function useHelpGet<T>(path: string | null, query?: Record<string, unknown>) {
  const [load, setLoad] = useState<Load<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return;
    const ctrl = new AbortController();
    setLoad((l) => (l.status === 'ready' ? l : { status: 'loading' }));
    api<T>('GET', path, JSON.parse(key), { signal: ctrl.signal })
      .then((data) => setLoad({ status: 'ready', data }))
      .catch(() => !ctrl.signal.aborted && setLoad({ status: 'error' }));
    return () => ctrl.abort();
  }, [path, key, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { load, reload };
}
