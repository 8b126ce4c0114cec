// The auto-form: every FieldDef of a registry entry as its widget, two columns on wide
// screens; long texts, chip lists and switches take a full row.
import type { FieldDef } from '@shared/resource-types';
import { AutoField } from '@/components/form/auto-field';
import type { FormValues } from '@/components/form/form-values';
import { cn } from '@/lib/cn';
import type { FormErrors } from '@/lib/form-errors';

type Props = {
  fields: FieldDef[];
  /** The form's model (useAutoForm): its values, errors and change; a busy form is disabled. */
  form: {
    values: FormValues;
    errors: FormErrors;
    change: (name: string, value: unknown) => void;
    busy: boolean;
  };
  record?: FormValues;
};

const WIDE = new Set(['textarea', 'refs']);

export function AutoForm({ fields, form, record }: Props) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {fields.map((f) => (
        <div key={f.name} className={cn(WIDE.has(f.kind) && 'md:col-span-2')}>
          <AutoField
            field={f}
            values={form.values}
            record={record}
            error={form.errors[f.name]}
            disabled={form.busy}
            onChange={form.change}
          />
        </div>
      ))}
    </div>
  );
}
