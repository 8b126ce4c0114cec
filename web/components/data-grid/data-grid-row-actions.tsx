import { EyeIcon, Trash2Icon } from 'lucide-react';
import { RowLink } from '@/components/data-grid/row-link';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { HoverTip as Tip } from '@/components/ui/hover-tip';
import type { ResourceRow as Row } from '@/components/data-grid/use-grid-query';

export type RowActionsConfig = {
  /** The list route; edit goes to `${basePath}/edit/{id}`. */
  basePath: string;
  /** Router state for the edit link (the grid's search, to come back to it). */
  linkState?: unknown;
  can: { view: boolean; edit: boolean; delete: boolean };
  /** Which actions this resource offers at all (users are deactivated, never deleted). */
  offers: { delete: boolean; toggle: boolean };
  onView: (row: Row) => void;
  onDelete: (row: Row) => void;
  onToggle: (row: Row, value: boolean) => void;
  busyId: number | null;
};

/** View, edit, delete and the active switch: disabled, not hidden, without permission (spec §6). */
export function DataGridRowActions({ row, config }: { row: Row; config: RowActionsConfig }) {
  const { basePath, linkState, can, offers, onView, onDelete, onToggle, busyId } = config;
  const busy = busyId === row.id;
  return (
    <div className="flex items-center justify-end gap-0.5">
      {offers.toggle && (
        <Tip label={row.activo ? 'Desactivar' : 'Activar'}>
          <Switch
            aria-label="Activo"
            checked={!!row.activo}
            disabled={!can.edit || busy}
            onCheckedChange={(value) => onToggle(row, value)}
            className="me-2"
          />
        </Tip>
      )}
      <Tip label="Ver">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Ver"
          disabled={!can.view}
          onClick={() => onView(row)}
        >
          <EyeIcon />
        </Button>
      </Tip>
      <Tip label="Editar">
        <RowLink
          kind="edit"
          to={`${basePath}/edit/${row.id}`}
          label="Editar"
          enabled={can.edit}
          state={linkState}
        />
      </Tip>
      {offers.delete && (
        <Tip label="Eliminar">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Eliminar"
            disabled={!can.delete || busy}
            onClick={() => onDelete(row)}
            className="size-8 text-destructive hover:text-destructive"
          >
            <Trash2Icon />
          </Button>
        </Tip>
      )}
    </div>
  );
}
