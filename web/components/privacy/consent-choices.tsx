// The privacy notice on the registration form (decision 0400): the mandatory purpose and each
// sensitive purpose as its own unticked choice, saying that answering sensitive questions is optional.
import { OPTIONAL_SENSITIVE } from '@shared/privacy';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { Notice } from '@/lib/privacy-api';

type Props = {
  notice: Notice;
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
  error?: string;
};

export function ConsentChoices({ notice, chosen, onChange, error }: Props) {
  const toggle = (codigo: string, on: boolean) =>
    onChange(on ? [...new Set([...chosen, codigo])] : chosen.filter((c) => c !== codigo));
  const mandatory = notice.finalidades.filter((f) => f.obligatoria);
  const sensitive = notice.finalidades.filter((f) => !f.obligatoria);
  const choice = (f: Notice['finalidades'][number]) => (
    <div key={f.codigo} className="flex items-start gap-2">
      <Checkbox
        id={`aut-${f.codigo}`}
        checked={chosen.includes(f.codigo)}
        onCheckedChange={(on) => toggle(f.codigo, on === true)}
        aria-describedby={`aut-${f.codigo}-texto`}
      />
      <div className="grid gap-0.5">
        <Label htmlFor={`aut-${f.codigo}`}>
          Autorizo: {f.nombre}
          {f.obligatoria ? ' (obligatoria)' : ' (opcional, dato sensible)'}
        </Label>
        <p id={`aut-${f.codigo}-texto`} className="text-xs text-muted-foreground">
          {f.texto}
        </p>
      </div>
    </div>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Aviso de privacidad (versión {notice.version})</legend>
      <p className="text-sm text-muted-foreground">{notice.texto}</p>
      {mandatory.map(choice)}
      {error && <p className="text-xs text-destructive">{error}</p>}
      {sensitive.length > 0 && <p className="text-sm font-medium">{OPTIONAL_SENSITIVE}</p>}
      {sensitive.map(choice)}
    </fieldset>
  );
}
