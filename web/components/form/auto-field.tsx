// One registry field as its widget (FieldDef kinds of worker/shared/resource-types.ts).
import type { FieldDef } from '@shared/resource-types';
import { MoneyField } from '@/components/form/money-field';
import { PercentField } from '@/components/form/percent-field';
import { RefSelectField, RefsField } from '@/components/form/ref-fields';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import type { FormValues } from '@/components/form/form-values';
import { DATE_TEXT_PROPS, DatePickerButton, withDashes } from '@/components/form/date-text';

export type AutoFieldProps = {
  field: FieldDef;
  values: FormValues;
  record?: FormValues;
  error?: string;
  disabled?: boolean;
  onChange: (name: string, value: unknown) => void;
};

export function AutoField({ field: f, values, record, error, disabled, onChange }: AutoFieldProps) {
  const value = values[f.name];
  const set = (v: unknown) => onChange(f.name, v);
  const common = {
    label: f.label,
    required: f.required,
    error,
    disabled: disabled || f.readOnly,
    hint: f.help,
  };
  switch (f.kind) {
    case 'textarea':
      return (
        <TextareaField
          {...common}
          value={String(value ?? '')}
          onValueChange={set}
          maxLength={f.max}
          rows={4}
        />
      );
    case 'email':
      return (
        <TextField
          {...common}
          type="email"
          autoComplete="off"
          value={String(value ?? '')}
          onValueChange={set}
        />
      );
    case 'int':
      return (
        <TextField
          {...common}
          type="number"
          inputMode="numeric"
          min={f.min ?? 0}
          max={f.max}
          step={1}
          value={String(value ?? '')}
          onValueChange={set}
        />
      );
    case 'date':
      return (
        <TextField
          {...common}
          {...DATE_TEXT_PROPS}
          value={String(value ?? '')}
          onValueChange={(v) => set(withDashes(v))}
          end={<DatePickerButton value={String(value ?? '')} onPick={set} disabled={common.disabled} />}
        />
      );
    case 'money':
      return <MoneyField {...common} value={(value as number | null) ?? null} onValueChange={set} />;
    case 'percent':
      return <PercentField {...common} value={(value as number | null) ?? null} onValueChange={set} />;
    case 'bool':
      return (
        <SwitchField
          label={f.label}
          checked={!!value}
          onCheckedChange={set}
          disabled={common.disabled}
          error={error}
        />
      );
    case 'option':
      return (
        <SelectField
          {...common}
          value={String(value ?? '')}
          onValueChange={set}
          options={[...(f.options ?? [])]}
        />
      );
    case 'ref':
      return (
        <RefSelectField
          field={f}
          values={values}
          record={record}
          onChange={set}
          error={error}
          disabled={common.disabled}
        />
      );
    case 'refs':
      return (
        <RefsField
          field={f}
          value={(value as number[]) ?? []}
          record={record}
          onChange={set}
          error={error}
          disabled={common.disabled}
        />
      );
    default:
      return <TextField {...common} maxLength={f.max} value={String(value ?? '')} onValueChange={set} />;
  }
}
