// The registration form's reference data, through the query cache of the register page.
import { MSG } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { getDependent, getInitForm } from '@/features/auth/auth-api';
import { keyOf, STALE } from '@/lib/query';

/** GET /auth/initForm: identification types, education levels, countries, current terms. */
export function useInitForm() {
  const q = useQuery({
    queryKey: keyOf('/auth/initForm'),
    queryFn: ({ signal }) => getInitForm(signal),
    staleTime: STALE.lookups,
  });
  const state =
    q.isFetching && !q.data
      ? ({ status: 'loading' } as const)
      : q.isError
        ? ({ status: 'error' } as const)
        : q.data
          ? ({ status: 'ready', data: q.data } as const)
          : ({ status: 'loading' } as const);
  const { refetch } = q;
  return { state, reload: () => void refetch() };
}

/** Options that depend on a parent choice (departments of a country, cities of a department). */
export function useDependentOptions(path: 'departamentos' | 'ciudades', parentId: string) {
  const q = useQuery({
    queryKey: keyOf(`/auth/${path}`, parentId),
    queryFn: ({ signal }) => getDependent(path, parentId, signal),
    enabled: !!parentId,
    staleTime: STALE.lookups,
  });
  useEffect(() => {
    if (q.isError) toast.error(MSG.loadError);
  }, [q.isError]);
  return { options: parentId ? (q.data?.data ?? []) : [], loading: !!parentId && q.isFetching };
}
