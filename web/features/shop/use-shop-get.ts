import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api';

export type GetState<T> = { status: 'loading' | 'ready' | 'error'; data: T };

/** GET {path} → {data}, reloadable; keeps the last data on screen while reloading. */
export function useShopGet<T>(path: string, initial: T) {
  const [state, setState] = useState<GetState<T>>({ status: 'loading', data: initial });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    api<{ data: T }>('GET', path, undefined, { signal: ctrl.signal })
      .then((res) => setState({ status: 'ready', data: res.data }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        console.error(err);
        setState((s) => ({ ...s, status: 'error' }));
      });
    return () => ctrl.abort();
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
