// Issue 22: an edit refused because someone saved the record first (409 naming who and when).
// "Recargar" takes the server's record into the form; "Comparar" shows the form's values next to
// the server's, field by field.
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export type ComparedField = { name: string; label: string };

type Props = {
  message: string;
  fields: ComparedField[];
  /** What the form holds now. */
  mine: Record<string, unknown>;
  /** The record as the server has it now. */
  load: () => Promise<Record<string, unknown>>;
  onReload: () => void;
};

const show = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? value
          ? 'Sí'
          : 'No'
        : String(value);

export function ConflictBanner({ message, fields, mine, load, onReload }: Props) {
  const [server, setServer] = useState<Record<string, unknown> | null>(null);
  return (
    <Alert variant="warning" aria-label="Conflicto de edición">
      <AlertTitle>El registro cambió mientras lo editabas</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{message}</p>
        <div className="flex gap-2">
          <Button type="button" size="sm" onClick={onReload}>
            Recargar
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => void load().then(setServer)}>
            Comparar
          </Button>
        </div>
        {server && (
          <table className="w-full text-sm" aria-label="Comparación">
            <thead className="text-left">
              <tr>
                <th>Campo</th>
                <th>Tus valores</th>
                <th>En el servidor</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => {
                const differs = show(mine[f.name]) !== show(server[f.name]);
                return (
                  <tr key={f.name} className={differs ? 'font-medium' : 'text-muted-foreground'}>
                    <td>{f.label}</td>
                    <td>{show(mine[f.name])}</td>
                    <td>{show(server[f.name])}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </AlertDescription>
    </Alert>
  );
}
