import { permissionTree } from '@shared/permission-tree';
import { getPermissions, type Permission } from '@/features/security/security-api';
import { keyOf, STALE, useRead } from '@/lib/query';

export type { Permission };

/** The catalogue is fixed data: cached like a lookup. */
export const usePermissions = () =>
  useRead(
    keyOf('/seguridad/permissions'),
    async (signal) => {
      const data = (await getPermissions(signal)).data;
      return { tree: permissionTree(data), total: data.length };
    },
    { staleTime: STALE.lookups },
  );
