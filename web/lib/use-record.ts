// Loads one record for an edit screen: GET {path} → {data}. No id (a /new screen) = nothing to load.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/api';

export type RecordState<T> =
  | { status: 'idle' | 'loading' }
  | { status: 'error'; notFound: boolean }
  | { status: 'ready'; data: T };

export function useRecord<T = Record<string, unknown>>(path: string | null) {
  const [state, setState] = useState<RecordState<T>>({ status: path ? 'loading' : 'idle' });
  const [version, setVersion] = useState(0);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!path) return setState({ status: 'idle' });
    const ctrl = new AbortController();
    // A reload keeps the record on screen; another record starts from the skeleton.
    if (shown.current !== path) setState({ status: 'loading' });
    shown.current = path;
    api<{ data: T }>('GET', path, undefined, { signal: ctrl.signal })
      .then((res) => setState({ status: 'ready', data: res.data }))
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setState({ status: 'error', notFound: err instanceof ApiError && err.status === 404 });
      });
    return () => ctrl.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}
