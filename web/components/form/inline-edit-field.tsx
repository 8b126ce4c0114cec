// Inline edit (spec §5): the value is shown as text; editing submits on Enter only when the
// schema accepts it, Escape cancels.
import { CheckIcon, PencilIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Props = {
  label: string;
  value: string;
  schema: v.GenericSchema;
  onSubmit: (value: string) => void | Promise<void>;
  disabled?: boolean;
};

export function InlineEditField({ label, value, schema, onSubmit, disabled }: Props) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setText(value);
    setError(null);
    setEditing(true);
  };
  const submit = async () => {
    const result = v.safeParse(schema, text);
    if (!result.success) return setError(result.issues[0]?.message ?? null);
    await onSubmit(String(result.output));
    setEditing(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape') setEditing(false);
  };

  if (!editing) {
    return (
      <div className="flex items-center gap-2">
        <span className="text-sm">{value || '—'}</span>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Editar ${label}`}
          disabled={disabled}
          onClick={start}
        >
          <PencilIcon />
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <Input
          id={id}
          aria-label={label}
          autoFocus
          value={text}
          onChange={(e) => (setText(e.target.value), setError(null))}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-msg` : undefined}
        />
        <Button variant="ghost" size="icon" aria-label="Guardar" onClick={() => void submit()}>
          <CheckIcon />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Cancelar" onClick={() => setEditing(false)}>
          <XIcon />
        </Button>
      </div>
      {error && (
        <p id={`${id}-msg`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
