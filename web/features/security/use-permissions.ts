import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api';

export type Permission = { id: number; code: string; descripcion: string; grupo: string };
export type PermissionGroup = { grupo: string; items: Permission[] };

/** The stored catalogue, grouped by `grupo` in the server's order. */
export function groupPermissions(list: Permission[]): PermissionGroup[] {
  const groups = new Map<string, Permission[]>();
  for (const p of list) groups.set(p.grupo, [...(groups.get(p.grupo) ?? []), p]);
  return [...groups].map(([grupo, items]) => ({ grupo, items }));
}

export function usePermissions() {
  const [state, setState] = useState<{ status: 'loading' | 'error' } | { status: 'ready'; groups: PermissionGroup[] }>({ status: 'loading' });
  const load = useCallback(() => {
    setState({ status: 'loading' });
    api<{ data: Permission[] }>('GET', '/seguridad/permissions')
      .then((res) => setState({ status: 'ready', groups: groupPermissions(res.data) }))
      .catch(() => setState({ status: 'error' }));
  }, []);
  useEffect(load, [load]);
  return { state, reload: load };
}
