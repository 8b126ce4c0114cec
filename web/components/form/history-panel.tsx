// The history of the record on an edit screen (decisions 0110, 0301): who changed what and when,
// each change against the value before it, and "Restaurar estos campos" to set chosen fields of
// one change back to their value before it (a restore of the revision before it: a new revision
// through the same checks and version guard as the form).
import { ChevronRightIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { P } from '@shared/permissions';
import { stateLabel } from '@shared/workflow';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { HISTORY_FORMATS, HISTORY_LABELS, HISTORY_REFS } from '@/components/form/history-labels';
import { type ActivityRow, recordHistory, restoreRevision } from '@/lib/activity-api';
import { formatDateTime } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { notifyError } from '@/lib/api-errors';
import { useRefLabels } from '@/lib/lookups';
import { invalidate, keyOf, useRead } from '@/lib/query';
import { useSession } from '@/lib/session';

type Props = {
  /** The entity key ('bancos', 'roles', 'users', …). */
  entity: string;
  recordId: number;
  /** The version the form shows, sent with a restore so a stale one is refused. */
  version?: number;
  /** Field labels by name; a field without one shows its name. */
  labels?: Record<string, string>;
  /**
   * How a field's stored value reads on screen (cents as pesos, basis points as a percentage); a
   * list's format gets the reference fields' readers too (a place names its city).
   */
  formats?: Record<string, HistoryFormat>;
  /** Reference fields → their catalogue's key: shown by name (options read when the panel opens). */
  refs?: Record<string, string>;
  /** Cached reads to refresh after a restore (the record's endpoint). */
  invalidates: string[];
  /** The panel's title when a screen shows several records' histories (a member's beneficiaries). */
  title?: string;
};

// Bookkeeping, the owner of a member's record (it never changes: the record is his), and its
// reviewer (the revision's author, named above its fields).
const HIDDEN = new Set(['updated_at', 'created_at', 'version', 'id', 'user_id', 'revisor_id']);

const show = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join(', ') || '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A value as the history shows it: empty (an empty list too) as a dash, a moment (`…_at`, ms) as a
 * date and time, a workflow state as the menus name it («NO APROBADO»).
 */
const shown = (field: string, value: unknown, formats: Record<string, (value: unknown) => string>) =>
  isBlank(value)
    ? '—'
    : formats[field]
      ? formats[field](value) || '—'
      : field.endsWith('_at') && typeof value === 'number'
        ? formatDateTime(value)
        : /^estado(_|$)/.test(field) && typeof value === 'string'
          ? stateLabel(value)
          : show(value);

function Revision({
  row,
  labels,
  formats,
  onRestore,
  busy,
}: {
  row: ActivityRow;
  labels: Record<string, string>;
  formats: Record<string, (value: unknown) => string>;
  /** Resolves true when the restore was saved. */
  onRestore: (fields: string[]) => Promise<boolean>;
  busy: boolean;
}) {
  const delta = row.delta ?? {};
  const before = row.before ?? {};
  const changed = Object.keys(delta).filter((f) => !HIDDEN.has(f));
  // A creation lists what it set; the fields it left empty are named in one line below.
  const created = row.action === 'crear';
  const fields = created ? changed.filter((f) => !isBlank(delta[f])) : changed;
  const blanks = created ? changed.filter((f) => isBlank(delta[f])) : [];
  const [chosen, setChosen] = useState<string[]>([]);
  // The server names the fields this user may set back to «Antes» (none for a creation, a deletion
  // or a state change, nor for a field already back at that value).
  const restorable = new Set(row.restaurables);
  const any = fields.some((f) => restorable.has(f));
  return (
    <li className="grid min-w-0 gap-2 border-b pb-3 last:border-b-0" data-testid="revision">
      <div className="text-sm">
        <span className="font-medium">{row.usuario ?? 'Sistema'}</span> · {row.accion_label} ·{' '}
        <span className="text-muted-foreground">{formatDateTime(row.at)}</span>
      </div>
      {fields.length > 0 && (
        <table className="w-full text-sm [&_td]:pe-3 [&_td+td]:[overflow-wrap:anywhere] [&_td]:align-top [&_th]:pe-3">
          <thead className="text-muted-foreground text-left">
            <tr>
              {any && <th className="w-8" />}
              <th>Campo</th>
              <th>Antes</th>
              <th>Después</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f}>
                {any && (
                  <td>
                    {restorable.has(f) && (
                      <Checkbox
                        aria-label={`Restaurar ${labels[f] ?? f}`}
                        checked={chosen.includes(f)}
                        onCheckedChange={(on) =>
                          setChosen((c) => (on ? [...c, f] : c.filter((x) => x !== f)))
                        }
                      />
                    )}
                  </td>
                )}
                <td>{labels[f] ?? f}</td>
                <td className="text-muted-foreground">
                  {row.action === 'crear' ? '—' : shown(f, before[f], formats)}
                </td>
                <td>{shown(f, delta[f], formats)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {blanks.length > 0 && (
        <p className="text-muted-foreground text-sm">
          Sin valor al crear: {blanks.map((f) => labels[f] ?? f).join(', ')}.
        </p>
      )}
      {chosen.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void onRestore(chosen).then((done) => done && setChosen([]))}
          >
            Restaurar estos campos
          </Button>
          <span className="text-muted-foreground text-xs">Vuelven a su valor de «Antes».</span>
        </div>
      )}
    </li>
  );
}

/**
 * The record's history under its form, for holders of the activity permission: closed at first
 * and read only when opened (an edit screen costs no extra request until someone asks).
 */
export function HistoryPanel(props: Props) {
  const { can } = useSession();
  const [open, setOpen] = useState(false);
  if (!can(P.actividad)) return null;
  const title = props.title ?? 'Historial de cambios';
  return (
    <Card aria-label={title}>
      <CardHeader>
        <CardTitle>
          <button
            type="button"
            className="flex items-center gap-2 text-start"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            <ChevronRightIcon
              aria-hidden
              className={open ? 'size-4 shrink-0 rotate-90' : 'size-4 shrink-0'}
            />
            {title}
          </button>
        </CardTitle>
      </CardHeader>
      {open && <HistoryList {...props} />}
    </Card>
  );
}

/** How a stored value reads; `named` reads the record's reference fields by name. */
export type HistoryFormat = (value: unknown, named: Record<string, (value: unknown) => string>) => string;

const NO_REFS: Record<string, string> = {};
const NO_ROWS: ActivityRow[] = [];

function HistoryList({
  entity,
  recordId,
  version,
  // An entity of the member's record (users, perfil, beneficiarios…) reads its fields by the
  // shared tables unless the screen gives its own.
  labels = HISTORY_LABELS[entity] ?? {},
  formats: given = HISTORY_FORMATS[entity] ?? {},
  refs = HISTORY_REFS[entity] ?? NO_REFS,
  invalidates,
}: Props) {
  const key = keyOf('/actividad', entity, recordId);
  const history = useRead(key, (signal) => recordHistory(entity, recordId, signal));
  const rows = history.data?.data ?? NO_ROWS;
  const values = useMemo(() => rows.flatMap((r) => [r.delta ?? {}, r.before ?? {}]), [rows]);
  const named = useRefLabels(refs, values);
  // A reference field reads by the names read for this history (by id), whatever else is given.
  const formats = {
    ...Object.fromEntries(Object.entries(given).map(([f, format]) => [f, (v: unknown) => format(v, named)])),
    ...named,
  };
  const restore = useWrite<{ revisionId: number; campos: string[] }>({
    send: ({ revisionId, campos }) => restoreRevision(revisionId, campos, version),
    invalidates: [...invalidates, '/actividad'],
    // A refusal (a stale version, a field the server keeps) is told in the server's words, and the
    // record and its history are read again so the next try starts from what is there now.
    errors: (err) => {
      notifyError(err);
      void invalidate(...invalidates, '/actividad');
    },
  });
  return (
    <CardContent>
      {history.status === 'loading' ? (
        <p className="text-muted-foreground text-sm">Cargando...</p>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">Sin cambios registrados.</p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((row) => (
            <Revision
              key={row.id}
              row={row}
              labels={labels}
              formats={formats}
              busy={restore.busy}
              onRestore={async (campos) =>
                // Undoing this change: the revision before it holds the «Antes» values.
                (await restore.run({ revisionId: row.parent_id!, campos })) !== undefined
              }
            />
          ))}
        </ul>
      )}
    </CardContent>
  );
}
