// Bulk actions of the one grid (decision 0160): the selection (rows ticked one by one,
// or "todos los N que coinciden con el filtro"), a bar with the actions the user may run, a
// preview that says how many rows an action will touch, then the run: the server does it in
// bounded steps and this drives the steps, showing a progress bar until the batch is done.
import { stateLabel, type State } from '@shared/workflow';
import { useCallback, useMemo, useState } from 'react';
import { type BulkProgress as Progress, continueBulk, startBulk } from '@/components/data-grid/grid-api';
import type { GridSelection } from '@/components/data-grid/server-grid';
import type { GridRow } from '@/components/data-grid/use-grid-query';
import { SelectField } from '@/components/form/select-field';
import { TextareaField } from '@/components/form/textarea-field';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { Button } from '@/components/ui/button';
import { AppDialog, DialogFooter } from '@/components/ui/dialog';
import { notifyError } from '@/lib/api-errors';
import { formatNumber, plural, updatedMessage } from '@/lib/format';
import { invalidate } from '@/lib/query';
import { toast } from 'sonner';

export type GridBulkAction = {
  /** The server's action: `<endpoint>/lote/<accion>`. */
  accion: string;
  label: string;
  /** Without the permission the button is disabled, not hidden (spec §6). */
  allowed: boolean;
  /** A state change: the states the user may choose, with a comment. */
  states?: readonly State[];
  destructive?: boolean;
  /** What a record done is called, one and many (default «registro actualizado»). */
  done?: readonly [string, string];
  /** Why a record was left alone (default: its state does not allow it or it already was so). */
  skipped?: string;
  /** Said before applying (e.g. that a deletion cannot be undone). */
  warning?: string;
};

const DONE = ['registro actualizado', 'registros actualizados'] as const;
const SKIPPED = 'su estado no lo permite o ya estaba así';

/** The outcome of a finished run, in words: what was done and what was left alone, and why. */
function outcome(action: GridBulkAction, p: { hechos: number; omitidos: number }) {
  const [one, many] = action.done ?? DONE;
  const done = plural(p.hechos, one, many);
  return p.omitidos
    ? `${done}, ${plural(p.omitidos, 'omitido', 'omitidos')} (${action.skipped ?? SKIPPED})`
    : done;
}

export type GridBulk = { actions: readonly GridBulkAction[] };

/**
 * A workflow grid's "Cambiar estado" in bulk: the states its bulk route accepts (BULK_STATES in
 * worker/shared/schemas/bulk.ts, derived from the workflow table), with a comment.
 */
export const bulkStateChange = (states: readonly State[], allowed = true): GridBulk => ({
  actions: [{ accion: 'estado', label: 'Cambiar estado', allowed, states }],
});

/** The grid's own selection of row ids for its bulk actions. */
export function useBulkSelection<T extends GridRow>(label: string, query: string) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [all, setAll] = useState(false);
  const clear = useCallback(() => {
    setIds(new Set());
    setAll(false);
  }, []);
  const [seen, setSeen] = useState(query);
  if (seen !== query) {
    setSeen(query);
    clear();
  }
  const selection = useMemo<GridSelection<T>>(
    () => ({
      has: (row) => all || ids.has(Number(row.id)),
      can: () => !all,
      toggle: (rows, on) =>
        setIds((prev) => {
          const next = new Set(prev);
          for (const r of rows) {
            if (on) next.add(Number(r.id));
            else next.delete(Number(r.id));
          }
          return next;
        }),
      pageLabel: `Seleccionar las filas de esta página: ${label}`,
      rowLabel: (row) => `Seleccionar fila ${String(row.id)}`,
    }),
    [ids, all, label],
  );
  return { ids, all, setAll, clear, selection };
}

type BarProps = {
  bulk: GridBulk;
  endpoint: string;
  total: number;
  ids: ReadonlySet<number>;
  all: boolean;
  onAll: (on: boolean) => void;
  onClear: () => void;
  /** The grid's filter and sort, sent when the selection is "all matching". */
  filtros: Record<string, string>;
};

export function BulkBar({ bulk, endpoint, total, ids, all, onAll, onClear, filtros }: BarProps) {
  const [action, setAction] = useState<GridBulkAction | null>(null);
  const count = all ? total : ids.size;
  if (!count && !all) return null;
  return (
    <div
      role="region"
      aria-label="Acciones en lote"
      className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 px-4 py-2.5 text-sm"
    >
      <span className="font-medium" aria-live="polite">
        {all
          ? `Todos los ${formatNumber(total)} que coinciden con el filtro`
          : `${plural(ids.size, 'seleccionado', 'seleccionados')}`}
      </span>
      {!all && total > ids.size && (
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => onAll(true)}>
          Seleccionar todos los {formatNumber(total)} que coinciden con el filtro
        </Button>
      )}
      <Button type="button" variant="ghost" size="sm" onClick={onClear}>
        Quitar selección
      </Button>
      <div className="ms-auto flex flex-wrap gap-2">
        {bulk.actions.map((a) => (
          <Button
            key={a.accion}
            type="button"
            size="sm"
            variant={a.destructive ? 'destructive' : 'outline'}
            disabled={!a.allowed}
            onClick={() => setAction(a)}
          >
            {a.label}
          </Button>
        ))}
      </div>
      {action && (
        <BulkDialog
          action={action}
          endpoint={endpoint}
          count={count}
          selection={all ? { filtros } : { ids: [...ids] }}
          onClose={(ran) => {
            setAction(null);
            if (ran) onClear();
          }}
        />
      )}
    </div>
  );
}

type DialogProps = {
  action: GridBulkAction;
  endpoint: string;
  count: number;
  selection: { ids: number[] } | { filtros: Record<string, string> };
  onClose: (ran: boolean) => void;
};

function BulkDialog({ action, endpoint, count, selection, onClose }: DialogProps) {
  const [estado, setEstado] = useState<State | ''>(action.states?.[0] ?? '');
  const [comentario, setComentario] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const body = {
        ...selection,
        ...(action.states ? { estado: estado as State, comentario: comentario.trim() || null } : {}),
      };
      let p: Progress = (await startBulk(endpoint, action.accion, body)).data;
      setProgress(p);
      while (!p.terminado) {
        p = (await continueBulk(endpoint, action.accion, p.lote)).data;
        setProgress(p);
      }
      // Nothing changed is not a success: the toast says so, with the reason.
      if (p.hechos === 0) toast.warning(`Ningún cambio: ${outcome(action, p)}.`);
      else if (p.omitidos) toast.success(`${outcome(action, p)}.`);
      else toast.success(action.done ? `${outcome(action, p)} correctamente` : updatedMessage(p.hechos));
      void invalidate(endpoint);
    } catch (err) {
      notifyError(err);
    } finally {
      setRunning(false);
    }
  };

  const done = progress?.terminado ?? false;
  return (
    <AppDialog
      open
      onClose={() => onClose(done)}
      busy={running}
      title={action.label}
      description={
        done
          ? `Listo: ${outcome(action, progress!)}.`
          : `Se aplicará a ${plural(count, 'registro', 'registros')}.${action.warning ? ` ${action.warning}` : ''}`
      }
    >
      {action.states && !progress && (
        <div className="grid gap-3">
          {action.states.length > 1 && (
            <SelectField
              label="Nuevo estado"
              value={estado}
              onValueChange={(v) => setEstado(v as State)}
              options={action.states.map((s) => ({ value: s, label: stateLabel(s) }))}
              placeholder={null}
            />
          )}
          <TextareaField
            label="Comentario"
            value={comentario}
            maxLength={1000}
            onValueChange={setComentario}
          />
        </div>
      )}
      {progress && (
        <div className="grid gap-1.5">
          <ProgressBar
            label="Progreso de la acción en lote"
            value={progress.procesados}
            max={progress.total}
            valueText={`${formatNumber(progress.procesados)} de ${formatNumber(progress.total)}`}
            barClassName="bg-primary transition-[width]"
          />
          <p className="text-sm text-muted-foreground tabular-nums">
            Procesados {formatNumber(progress.procesados)} de {formatNumber(progress.total)}
          </p>
        </div>
      )}
      <DialogFooter>
        {done ? (
          <Button type="button" onClick={() => onClose(true)}>
            Aceptar
          </Button>
        ) : (
          <>
            <Button type="button" variant="outline" disabled={running} onClick={() => onClose(false)}>
              Cancelar
            </Button>
            <Button
              type="button"
              variant={action.destructive ? 'destructive' : 'default'}
              disabled={running || (!!action.states && !estado)}
              onClick={() => void run()}
            >
              {running ? 'Aplicando...' : 'Aplicar'}
            </Button>
          </>
        )}
      </DialogFooter>
    </AppDialog>
  );
}
