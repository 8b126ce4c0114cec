// The registration form's dependent options (departments of a country, cities of a department),
// through the query cache of the register page; its reference data is `useInitForm` (lib).
import { MSG } from '@shared/messages';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { getDependent } from '@/features/auth/auth-api';
import { keyOf, STALE, useRead } from '@/lib/query';

/** Options that depend on a parent choice: idle until the parent is chosen; a failure is toasted. */
export function useDependentOptions(path: 'departamentos' | 'ciudades', parentId: string) {
  const read = useRead(
    parentId ? keyOf(`/auth/${path}`, parentId) : null,
    async (signal) => (await getDependent(path, parentId, signal)).data,
    { staleTime: STALE.lookups },
  );
  const failed = read.status === 'error';
  useEffect(() => {
    if (failed) toast.error(MSG.loadError);
  }, [failed]);
  return read;
}
