import { getPermissions, type Permission } from '@/features/security/security-api';
import { keyOf, STALE, useRead } from '@/lib/query';

export type { Permission };
export type PermissionGroup = { grupo: string; items: Permission[] };

/** The stored catalogue, grouped by `grupo` in the server's order. */
export function groupPermissions(list: Permission[]): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const p of list) groups.set(p.grupo, [...(groups.get(p.grupo) ?? []), p]);
  return [...groups].map(([grupo, items]) => ({ grupo, items }));
}

/** The catalogue is fixed data: cached like a lookup. */
export const usePermissions = () =>
  useRead(
    keyOf('/seguridad/permissions'),
    async (signal) => groupPermissions((await getPermissions(signal)).data),
    { staleTime: STALE.lookups },
  );
