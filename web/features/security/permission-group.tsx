// One node of the permission tree: a tri-state "select all" for what it shows, its count
// ("12 de 40"), a button that folds it, then its sub-groups and its permissions. Each node is a
// labelled group, so a screen reader announces "Generales, grupo" before its checkboxes.
import { nodeCodes, type PermissionNode } from '@shared/permission-tree';
import { ChevronRightIcon } from 'lucide-react';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { Permission } from '@/features/security/use-permissions';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

type Props = {
  node: PermissionNode<Permission>;
  depth: number;
  selected: ReadonlySet<string>;
  onChange: (codes: string[], checked: boolean) => void;
  isOpen: (key: string) => boolean;
  onToggle: (key: string) => void;
  disabled?: boolean;
};

export function PermissionGroup({ node, depth, selected, onChange, isOpen, onToggle, disabled }: Props) {
  const id = useId();
  const codes = nodeCodes(node);
  const chosen = codes.filter((c) => selected.has(c)).length;
  const all = chosen === codes.length;
  const open = isOpen(node.key);
  // A section whose permissions are only actions (Ver, Crear, …) shows them on one line.
  const compact = !node.children.length && node.leaves.every((l) => l.label.length < 12);
  return (
    <div
      role="group"
      aria-labelledby={`${id}-name`}
      className={cn(depth === 0 ? 'rounded-lg border' : 'border-t first:border-t-0')}
    >
      <div
        className={cn('flex items-center gap-2 py-2 pe-4', depth === 0 ? 'bg-muted/40 ps-2' : 'ps-2')}
        style={depth ? { paddingInlineStart: `${0.5 + depth * 1.25}rem` } : undefined}
      >
        <button
          type="button"
          className="grid size-6 place-items-center rounded text-muted-foreground hover:bg-muted"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          aria-label={`${open ? 'Contraer' : 'Expandir'} ${node.label}`}
          onClick={() => onToggle(node.key)}
        >
          <ChevronRightIcon aria-hidden className={cn('size-4 transition-transform', open && 'rotate-90')} />
        </button>
        <Checkbox
          id={`${id}-all`}
          checked={all ? true : chosen ? 'indeterminate' : false}
          disabled={disabled}
          onCheckedChange={() => onChange(codes, !all)}
          aria-label={`Seleccionar todos: ${node.label}`}
        />
        <span
          id={`${id}-name`}
          className={cn('flex-1 text-sm', depth === 0 ? 'font-semibold' : 'font-medium')}
        >
          {node.label}
        </span>
        <span
          className="text-xs text-muted-foreground tabular-nums"
          aria-label={`${chosen} de ${codes.length} seleccionados`}
        >
          {formatNumber(chosen)} de {formatNumber(codes.length)}
        </span>
      </div>
      {open && (
        <div id={`${id}-body`}>
          {node.children.map((c) => (
            <PermissionGroup
              key={c.key}
              node={c}
              depth={depth + 1}
              selected={selected}
              onChange={onChange}
              isOpen={isOpen}
              onToggle={onToggle}
              disabled={disabled}
            />
          ))}
          {node.leaves.length > 0 && (
            <ul
              className={cn('gap-x-6 gap-y-2 pe-4 pb-3', compact ? 'flex flex-wrap' : 'grid md:grid-cols-2')}
              style={{ paddingInlineStart: `${2.25 + (depth + 1) * 1.25}rem` }}
            >
              {node.leaves.map((l) => (
                <li key={l.perm.code} className="flex items-start gap-2">
                  <Checkbox
                    id={`${id}-${l.perm.id}`}
                    className="mt-0.5"
                    checked={selected.has(l.perm.code)}
                    disabled={disabled}
                    onCheckedChange={(c) => onChange([l.perm.code], c)}
                    aria-label={l.label === l.perm.descripcion ? undefined : l.perm.descripcion}
                    title={l.perm.code}
                  />
                  <label
                    htmlFor={`${id}-${l.perm.id}`}
                    className="grid cursor-pointer gap-0.5 text-sm leading-tight"
                    title={l.perm.code}
                  >
                    {l.label}
                    {!compact && (
                      <code className="text-[11px] break-all text-muted-foreground">{l.perm.code}</code>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
