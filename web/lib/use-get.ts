// GET {path} → the whole JSON answer, reloadable; keeps the last answer on screen while reloading.
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';

export type Get<T> = { status: 'loading' | 'ready' | 'error'; data: T | null; forbidden: boolean; reload: () => void };

export function useGet<T>(path: string | null): Get<T> {
  const [state, setState] = useState<Omit<Get<T>, 'reload'>>({ status: 'loading', data: null, forbidden: false });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!path) return;
    const ctrl = new AbortController();
    setState((s) => ({ ...s, status: s.data ? s.status : 'loading' }));
    api<T>('GET', path, undefined, { signal: ctrl.signal })
      .then((data) => setState({ status: 'ready', data, forbidden: false }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        console.error(err);
        setState((s) => ({ ...s, status: 'error', forbidden: err instanceof ApiError && err.status === 403 }));
      });
    return () => ctrl.abort();
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
