// Saved views in the grid's toolbar (decision 0161): the views the user sees on this
// grid (his own, his roles', the global ones) applied to the URL state in one click, and the
// current filters, sorts, hidden columns and page size saved under a name: personal, or shared
// with a role (optionally as its default) or with everyone when the user may share. A grid
// opened without state in its URL takes the default view of the user's role. "Administrar
// vistas…" renames or deletes (after a confirmation) the views the user may change: his own, and
// the shared ones when he may share (decision 0261).
import { viewSchema, type ViewScope } from '@shared/schemas/views';
import { BookmarkIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { GridState } from '@/components/data-grid/use-grid-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Checkbox } from '@/components/ui/checkbox';
import { AppDialog, DialogFooter } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  createView,
  deleteView,
  listViews,
  type SavedView as View,
  updateView,
  type ViewBody,
  type Views,
  VIEWS_PATH,
} from '@/components/data-grid/grid-api';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { useApiForm } from '@/lib/use-api-form';

const scopeLabel = (v: View) =>
  v.alcance === 'GLOBAL' ? 'Todos' : v.alcance === 'ROL' ? `Rol ${v.rol ?? ''}`.trim() : 'Personal';

type Props = {
  grid: string;
  /** What the URL holds now (no defaults applied). */
  shown: GridState;
  apply: (patch: Partial<GridState>) => void;
};

export function SavedViews({ grid, shown, apply }: Props) {
  const res = useRead(keyOf(VIEWS_PATH, { grid }), (signal) => listViews(grid, signal));
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const views = res.data?.data ?? [];
  // What the server lets the user change (worker/modules/views `mayEdit`, decision 0344).
  const editable = views.filter((v) => v.editable);

  const use = (v: View) => {
    const s = v.estado as Partial<GridState>;
    apply({
      page: 1,
      filters: s.filters ?? {},
      sorts: s.sorts ?? {},
      hidden: s.hidden ?? [],
      ...(s.perPage ? { perPage: s.perPage } : {}),
    });
  };

  // A grid opened with nothing in its URL takes the role's default view, once.
  const applied = useRef(false);
  const empty =
    !Object.keys(shown.filters).length && !Object.keys(shown.sorts).length && !shown.hidden.length;
  useEffect(() => {
    if (applied.current || !res.data) return;
    applied.current = true;
    const byDefault = res.data.data.find((v) => v.predeterminada);
    if (empty && byDefault) use(byDefault);
    // Only the first answer counts: later changes of the URL are the user's.
  }, [res.data]);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size="sm">
            <BookmarkIcon aria-hidden />
            Vistas
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-64">
          <DropdownMenuLabel>Vistas guardadas</DropdownMenuLabel>
          {views.length === 0 && (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">Aún no hay vistas guardadas.</p>
          )}
          {views.map((v) => (
            <DropdownMenuItem key={v.id} onSelect={() => use(v)}>
              <span className="flex-1">{v.nombre}</span>
              <span className="text-xs text-muted-foreground">
                {scopeLabel(v)}
                {v.predeterminada ? ' · predeterminada' : ''}
              </span>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)}>Guardar vista actual…</DropdownMenuItem>
          {editable.length > 0 && (
            <DropdownMenuItem onSelect={() => setManaging(true)}>Administrar vistas…</DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {saving && res.data && (
        <SaveViewDialog
          grid={grid}
          shown={shown}
          canShare={res.data.puede_compartir}
          roles={res.data.roles}
          onClose={() => setSaving(false)}
        />
      )}
      {managing && <ManageViewsDialog grid={grid} views={editable} onClose={() => setManaging(false)} />}
    </>
  );
}

function ManageViewsDialog({ grid, views, onClose }: { grid: string; views: View[]; onClose: () => void }) {
  const [renaming, setRenaming] = useState<View | null>(null);
  const [deleting, setDeleting] = useState<View | null>(null);
  // A rename sends the whole view again with the new name (the route replaces it).
  const rename = useApiForm({
    defaultValues: { nombre: '' },
    schema: viewSchema,
    toBody: (v) => ({
      grid,
      nombre: v.nombre,
      estado: renaming?.estado as ViewBody['estado'],
      alcance: renaming?.alcance as ViewScope,
      role_id: renaming?.role_id ?? null,
      predeterminada: renaming?.predeterminada ?? false,
    }),
    send: (body) => updateView(renaming!.id, body),
    invalidates: [VIEWS_PATH],
    onSaved: () => setRenaming(null),
  });
  const startRename = (v: View | null) => {
    setRenaming(v);
    rename.setValues({ nombre: v?.nombre ?? '' });
    rename.setErrors({});
  };
  const nombre = rename.values.nombre;
  const remove = useWrite<View>({
    send: (view) => deleteView(view.id),
    invalidates: [VIEWS_PATH],
    onSaved: () => setDeleting(null),
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      title="Administrar vistas"
      description="Cambia el nombre de una vista o elimínala."
    >
      {views.length === 0 ? (
        <p className="text-sm text-muted-foreground">No hay vistas que puedas cambiar.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Vistas que puedes cambiar">
          {views.map((v) =>
            renaming?.id === v.id ? (
              <li key={v.id}>
                <form className="flex items-end gap-2" onSubmit={rename.onSubmit}>
                  <TextField
                    label="Nuevo nombre"
                    className="flex-1"
                    value={nombre}
                    maxLength={80}
                    required
                    autoFocus
                    onValueChange={(value) => rename.set('nombre', value)}
                    error={rename.errors.nombre}
                  />
                  <Button type="submit" size="sm" disabled={rename.busy || !nombre.trim()}>
                    Guardar
                  </Button>
                  <Button type="button" size="sm" variant="outline" onClick={() => startRename(null)}>
                    Cancelar
                  </Button>
                </form>
              </li>
            ) : (
              <li key={v.id} className="flex items-center gap-2 text-sm">
                <span className="flex-1">
                  {v.nombre}
                  <span className="ms-2 text-xs text-muted-foreground">{scopeLabel(v)}</span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Renombrar vista ${v.nombre}`}
                  onClick={() => startRename(v)}
                >
                  Renombrar
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  aria-label={`Eliminar vista ${v.nombre}`}
                  onClick={() => setDeleting(v)}
                >
                  Eliminar
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cerrar
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar vista"
        description={`Seguro desea eliminar la vista «${deleting?.nombre ?? ''}»?`}
        confirmLabel="Eliminar"
        destructive
        onConfirm={() => deleting && void remove.run(deleting)}
      />
    </AppDialog>
  );
}

const SCOPES = [
  { value: 'PERSONAL', label: 'Solo yo' },
  { value: 'ROL', label: 'Un rol' },
  { value: 'GLOBAL', label: 'Todos' },
] satisfies { value: ViewScope; label: string }[];

type DialogProps = {
  grid: string;
  shown: GridState;
  canShare: boolean;
  roles: Views['roles'];
  onClose: () => void;
};

function SaveViewDialog({ grid, shown, canShare, roles, onClose }: DialogProps) {
  const id = useId();
  const save = useApiForm({
    defaultValues: {
      nombre: '',
      alcance: 'PERSONAL' as ViewScope,
      role_id: (roles[0]?.id ?? null) as number | null,
      predeterminada: false,
    },
    schema: viewSchema,
    toBody: (v) => ({
      grid,
      nombre: v.nombre,
      estado: { filters: shown.filters, sorts: shown.sorts, hidden: shown.hidden, perPage: shown.perPage },
      alcance: v.alcance,
      role_id: v.alcance === 'ROL' ? v.role_id : null,
      predeterminada: v.alcance === 'ROL' && v.predeterminada,
    }),
    send: (body) => createView(body),
    invalidates: [VIEWS_PATH],
    onSaved: onClose,
  });
  const { values, errors, set } = save;
  const { nombre, alcance, role_id: roleId, predeterminada } = values;
  return (
    <AppDialog
      open
      onClose={onClose}
      title="Guardar vista"
      description="Guarda los filtros, el orden, las columnas y el tamaño de página."
    >
      <form className="grid gap-4" onSubmit={save.onSubmit}>
        <TextField
          label="Nombre"
          value={nombre}
          maxLength={80}
          required
          onValueChange={(v) => set('nombre', v)}
          error={errors.nombre}
        />
        {canShare && (
          <SelectField
            label="Quién la ve"
            value={alcance}
            onValueChange={(v) => set('alcance', v as ViewScope)}
            options={SCOPES}
            placeholder={null}
            error={errors.alcance}
          />
        )}
        {canShare && alcance === 'ROL' && (
          <>
            <SelectField
              label="Rol"
              value={roleId === null ? '' : String(roleId)}
              onValueChange={(v) => set('role_id', Number(v))}
              options={roles.map((r) => ({ value: r.id, label: r.nombre }))}
              placeholder={null}
              error={errors.role_id}
            />
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-pred`}
                checked={predeterminada}
                onCheckedChange={(on) => set('predeterminada', on)}
              />
              <label htmlFor={`${id}-pred`} className="text-sm">
                Vista predeterminada del rol
              </label>
            </div>
            {errors.predeterminada && <p className="text-xs text-destructive">{errors.predeterminada}</p>}
          </>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={save.busy || !nombre.trim()}>
            Guardar
          </Button>
        </DialogFooter>
      </form>
    </AppDialog>
  );
}
