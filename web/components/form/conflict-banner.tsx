// An edit refused because someone saved the record first (409 naming who and when; decision 0257).
// "Recargar" takes the server's record into the form; "Comparar" shows the form's values next to
// the server's, field by field. Until then the form keeps everything typed. Every edit form that
// sends `version` uses this one banner and `useStaleEdit` (registry, users, the member's profile).
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isStaleEdit } from '@/lib/activity-api';
import { ApiError } from '@/lib/api';
import { handleSaveError } from '@/lib/api-errors';

export type ComparedField = {
  name: string;
  label: string;
  /** How a value of this field reads (e.g. a list of rows); the default joins lists and says Sí/No. */
  format?: (value: unknown) => string;
};

type Props = {
  message: string;
  fields: ComparedField[];
  /** What the form holds now. */
  mine: Record<string, unknown>;
  /** The record as the server has it now, in the form's shape. */
  load: () => Promise<Record<string, unknown>>;
  onReload: () => void;
};

const show = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ') || '—'
      : typeof value === 'boolean'
        ? value
          ? 'Sí'
          : 'No'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);

/**
 * A form's save errors with the stale-edit 409 kept for the banner (and told as a warning);
 * anything else goes to the generic save handler. `clear` after a save or a reload.
 */
export function useStaleEdit() {
  const [message, setMessage] = useState<string | null>(null);
  const errors = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.status === 409 && isStaleEdit(err.message)) {
      toast.warning(err.message);
      setMessage(err.message);
    } else handleSaveError(err);
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, errors, clear };
}

export function ConflictBanner({ message, fields, mine, load, onReload }: Props) {
  const [server, setServer] = useState<Record<string, unknown> | null>(null);
  const text = (f: ComparedField, value: unknown) => (f.format ? f.format(value) || '—' : show(value));
  return (
    <Alert variant="warning" aria-label="Conflicto de edición">
      <AlertTitle>El registro cambió mientras lo editabas</AlertTitle>
      <AlertDescription className="grid min-w-0 gap-3">
        <p>{message}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onReload}>
            Recargar
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void load().then(setServer, handleSaveError)}
          >
            Comparar
          </Button>
        </div>
        {server && (
          <div className="max-w-full overflow-x-auto">
            <table
              className="w-full text-sm [&_td]:pe-3 [&_td+td]:[overflow-wrap:anywhere] [&_td]:align-top [&_th]:pe-3 [&_th]:align-bottom"
              aria-label="Comparación"
            >
              <thead className="text-left">
                <tr>
                  <th>Campo</th>
                  <th>Tus valores</th>
                  <th>En el servidor</th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f) => {
                  const differs = text(f, mine[f.name]) !== text(f, server[f.name]);
                  return (
                    <tr key={f.name} className={differs ? 'font-medium' : 'text-muted-foreground'}>
                      <td>{f.label}</td>
                      <td>{text(f, mine[f.name])}</td>
                      <td>{text(f, server[f.name])}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </AlertDescription>
    </Alert>
  );
}
