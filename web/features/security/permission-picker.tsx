// The role editor's permission picker: the catalogue from GET /seguridad/permissions as a tree
// (group › area › section, shared/permission-tree.ts), a checkbox per permission, a tri-state
// select-all and a count per group, and a search over code, text and group names.
import { filterTree } from '@shared/permission-tree';
import { useId, useMemo, useState } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { PermissionGroup } from '@/features/security/permission-group';
import { usePermissions } from '@/features/security/use-permissions';
import { plural } from '@/lib/format';

type Props = { value: string[]; onChange: (codes: string[]) => void; disabled?: boolean };

export function PermissionPicker({ value, onChange, disabled }: Props) {
  const searchId = useId();
  const state = usePermissions();
  const [query, setQuery] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  // Folded state per node key; the top groups start open, the rest closed. A search opens all.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const searching = query.trim() !== '';
  const isOpen = (key: string) => searching || toggled.has(key) !== (key.lastIndexOf('/') === 0);
  const onToggle = (key: string) =>
    setToggled((t) => {
      const next = new Set(t);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const groups = useMemo(
    () => (state.status === 'ready' ? filterTree(state.data.tree, query) : []),
    [state, query],
  );

  const change = (codes: string[], checked: boolean) => {
    const next = new Set(selected);
    for (const c of codes) {
      if (checked) next.add(c);
      else next.delete(c);
    }
    onChange([...next]);
  };

  if (state.status !== 'ready')
    return state.status === 'error' ? (
      <ErrorState onRetry={state.reload} />
    ) : (
      <Skeleton className="h-48 w-full" />
    );
  const total = state.data.total;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full max-w-sm gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium">
            Buscar permiso
          </label>
          <SearchInput
            id={searchId}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Código o descripción"
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {value.length} de {plural(total, 'permiso seleccionado', 'permisos seleccionados')}
        </p>
      </div>
      {groups.length ? (
        <div className="relative grid max-h-[36rem] gap-4 overflow-y-auto pe-1">
          {groups.map((g) => (
            <PermissionGroup
              key={g.key}
              node={g}
              depth={0}
              selected={selected}
              onChange={change}
              isOpen={isOpen}
              onToggle={onToggle}
              disabled={disabled}
            />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Ningún permiso coincide con la búsqueda.</p>
      )}
    </div>
  );
}
