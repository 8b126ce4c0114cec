// The notice's purposes as checkboxes, each its own and unticked until the member ticks it
// (docs/privacy.md «Aviso y autorizaciones»): the mandatory ones first, then the sensitive ones
// under a note that answering them is optional. Used on /register and in the acceptance dialog.
import { SENSITIVE_OPTIONAL } from '@shared/privacy-texts';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { Purpose } from '@/lib/privacy-api';

type Props = {
  purposes: Purpose[];
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
  /** Prefix of the checkboxes' ids (two lists on one page stay apart). */
  idPrefix?: string;
};

export function PurposeChecklist({ purposes, value, onChange, error, idPrefix = 'finalidad' }: Props) {
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...new Set([...value, code])] : value.filter((c) => c !== code));
  const mandatory = purposes.filter((f) => f.obligatoria);
  const others = purposes.filter((f) => !f.obligatoria);
  const item = (f: Purpose) => {
    const id = `${idPrefix}-${f.codigo}`;
    return (
      <li key={f.codigo} className="flex items-start gap-2">
        <Checkbox
          id={id}
          className="mt-0.5"
          checked={value.includes(f.codigo)}
          onCheckedChange={(on) => toggle(f.codigo, on)}
          aria-describedby={`${id}-texto`}
          aria-invalid={error && f.obligatoria && !value.includes(f.codigo) ? true : undefined}
        />
        <div className="grid gap-0.5">
          <Label htmlFor={id}>
            {f.obligatoria ? `Autorizo: ${f.nombre} (obligatoria)` : `Autorizo: ${f.nombre} (opcional)`}
          </Label>
          <p id={`${id}-texto`} className="text-xs text-muted-foreground">
            {f.texto}
          </p>
        </div>
      </li>
    );
  };
  return (
    <div className="grid gap-3">
      {mandatory.length > 0 && <ul className="grid gap-2">{mandatory.map(item)}</ul>}
      {others.length > 0 && (
        <fieldset className="grid gap-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Datos sensibles</legend>
          <p className="text-xs text-muted-foreground">{SENSITIVE_OPTIONAL}</p>
          <ul className="grid gap-2">{others.map(item)}</ul>
        </fieldset>
      )}
      {error && (
        <p id={`${idPrefix}-msg`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
