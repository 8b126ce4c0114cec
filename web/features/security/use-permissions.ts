import { permissionTree } from '@shared/permission-tree';
import { getPermissions, type Permission } from '@/features/security/security-api';
import { keyOf, STALE, useRecordQuery } from '@/lib/query';

export type { Permission };

/** The catalogue is fixed data: cached like a lookup. */
export function usePermissions() {
  const { state, reload } = useRecordQuery(
    keyOf('/seguridad/permissions'),
    async (signal) => {
      const data = (await getPermissions(signal)).data;
      return { tree: permissionTree(data), total: data.length };
    },
    { staleTime: STALE.lookups },
  );
  return {
    state:
      state.status === 'ready'
        ? { status: 'ready' as const, ...state.data }
        : { status: state.status === 'error' ? ('error' as const) : ('loading' as const) },
    reload,
  };
}
