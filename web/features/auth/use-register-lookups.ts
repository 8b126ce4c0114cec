import { MSG } from '@shared/messages';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/api';
import type { Lookup, RegisterInitForm } from '@/features/auth/register-types';

const quiet = { skipUnauthorizedHandler: true } as const;

type Load<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** GET /auth/initForm: identification types, education levels, countries, current terms. */
export function useInitForm() {
  const [state, setState] = useState<Load<RegisterInitForm>>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    api<RegisterInitForm>('GET', '/auth/initForm', undefined, quiet)
      .then((data) => setState({ status: 'ready', data }))
      .catch(() => setState({ status: 'error' }));
  }, []);
  useEffect(load, [load]);
  return { state, reload: load };
}

/** Options that depend on a parent choice (departments of a country, cities of a department). */
export function useDependentOptions(path: string, param: string, parentId: string) {
  const [options, setOptions] = useState<Lookup[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setOptions([]);
    if (!parentId) return;
    let active = true;
    setLoading(true);
    api<{ data: Lookup[] }>('GET', path, { [param]: parentId }, quiet)
      .then((res) => active && setOptions(res?.data ?? []))
      .catch(() => active && toast.error(MSG.loadError))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [path, param, parentId]);

  return { options, loading };
}
