// The profile's social networks: one row per network with the user name there.
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { optionsOf, useLookups } from '@/lib/lookups';
import { emptyHint } from '@/components/form/empty-catalogue';

export type SocialRow = { red_id: string; usuario: string };

type Props = {
  rows: SocialRow[];
  onChange: (rows: SocialRow[]) => void;
  errors: Record<string, string>;
  disabled?: boolean;
};

export function SocialRows({ rows, onChange, errors, disabled }: Props) {
  const redes = useLookups('redes');
  const patch = (i: number, p: Partial<SocialRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Redes sociales</legend>
      {rows.length === 0 && <p className="text-sm text-muted-foreground">Sin redes sociales.</p>}
      {rows.map((r, i) => (
        <div
          key={i}
          role="group"
          aria-label={`Red social ${i + 1}`}
          className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
        >
          <SelectField
            label="Red"
            required
            value={r.red_id}
            onValueChange={(red_id) => patch(i, { red_id })}
            options={optionsOf(redes).map((o) => ({ value: o.id, label: o.label }))}
            placeholder={redes.status === 'loading' ? 'Cargando opciones...' : 'Seleccione...'}
            hint={emptyHint(redes, 'Redes sociales')}
            error={errors[`redes.${i}.red_id`]}
            disabled={disabled}
          />
          <TextField
            label="Usuario"
            required
            maxLength={120}
            value={r.usuario}
            onValueChange={(usuario) => patch(i, { usuario })}
            error={errors[`redes.${i}.usuario`]}
            disabled={disabled}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Quitar red social ${i + 1}`}
            disabled={disabled}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <Trash2Icon />
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || rows.length >= 20}
          onClick={() => onChange([...rows, { red_id: '', usuario: '' }])}
        >
          <PlusIcon />
          Agregar red social
        </Button>
      </div>
    </fieldset>
  );
}
