// Ids to names for read-only screens: the catalogue's active rows (an inactive one shows #id).
import { useCallback } from 'react';
import { optionsOf, useLookups } from '@/lib/lookups';

export function useLabelOf(resource: string, params: Record<string, string | number> = {}, enabled = true) {
  const lookups = useLookups(resource, params, enabled);
  const options = optionsOf(lookups);
  const loading = lookups.status === 'loading';
  return useCallback(
    (id: unknown): string | null => {
      if (id === null || id === undefined || id === '') return null;
      return options.find((o) => o.id === Number(id))?.label ?? (loading ? '…' : `#${String(id)}`);
    },
    [options, loading],
  );
}
