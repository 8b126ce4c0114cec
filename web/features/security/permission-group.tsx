import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { Permission } from '@/features/security/use-permissions';

type Props = {
  grupo: string;
  items: Permission[];
  selected: ReadonlySet<string>;
  onChange: (codes: string[], checked: boolean) => void;
  disabled?: boolean;
};

/** One group of the permission picker: select-all for what is shown, then one checkbox each. */
export function PermissionGroup({ grupo, items, selected, onChange, disabled }: Props) {
  const id = useId();
  const chosen = items.filter((p) => selected.has(p.code)).length;
  const all = chosen === items.length;
  return (
    <fieldset className="rounded-lg border">
      <legend className="sr-only">{grupo}</legend>
      <div className="flex items-center gap-3 border-b bg-muted/40 px-4 py-2.5">
        <Checkbox
          id={`${id}-all`}
          checked={all ? true : chosen ? 'indeterminate' : false}
          disabled={disabled}
          onCheckedChange={() =>
            onChange(
              items.map((p) => p.code),
              !all,
            )
          }
          aria-label={`Seleccionar todos: ${grupo}`}
        />
        <label htmlFor={`${id}-all`} className="flex-1 text-sm font-semibold" aria-hidden>
          {grupo}
        </label>
        <span className="text-xs text-muted-foreground tabular-nums">
          {chosen} / {items.length}
        </span>
      </div>
      <ul className="grid gap-x-6 gap-y-2 p-4 md:grid-cols-2">
        {items.map((p) => (
          <li key={p.code} className="flex items-start gap-2.5">
            <Checkbox
              id={`${id}-${p.id}`}
              className="mt-0.5"
              checked={selected.has(p.code)}
              disabled={disabled}
              onCheckedChange={(c) => onChange([p.code], c === true)}
            />
            <label htmlFor={`${id}-${p.id}`} className="grid cursor-pointer gap-0.5 text-sm leading-tight">
              {p.descripcion}
              <code className="text-[11px] break-all text-muted-foreground">{p.code}</code>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
