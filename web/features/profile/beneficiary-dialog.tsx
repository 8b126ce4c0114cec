// Add or edit one beneficiary; the percentage has two decimals (basis points underneath) and the
// server refuses a total over 100 % with its own message, shown under the field.
import { FormActions } from '@/components/form/form-actions';
import { MSG } from '@shared/messages';
import { beneficiarioSchema } from '@shared/schemas/profile';
import { PercentField } from '@/components/form/percent-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { AppDialog } from '@/components/ui/dialog';
import { cachedLabels, optionsOf, useLookups } from '@/lib/lookups';
import { useInitForm } from '@/lib/init-form-api';
import { useApiForm } from '@/lib/use-api-form';
import { idOrNull, idText } from '@/features/profile/form-ids';
import { emptyHint } from '@/components/form/empty-catalogue';
import { type Beneficiary, getBeneficiaries, saveBeneficiary } from '@/features/profile/profile-api';
import { type ComparedField, ConflictBanner, useStaleEdit } from '@/components/form/conflict-banner';
import { handleSaveError } from '@/lib/api-errors';
import { formatPercent } from '@/lib/format';
import { useState } from 'react';

type Values = {
  nombre: string;
  tipo_identificacion_id: string;
  numero_identificacion: string;
  parentesco_id: string;
  porcentaje: number | null;
};

const toValues = (b: Beneficiary | null): Values => ({
  nombre: b?.nombre ?? '',
  tipo_identificacion_id: idText(b?.tipo_identificacion_id),
  numero_identificacion: b?.numero_identificacion ?? '',
  parentesco_id: idText(b?.parentesco_id),
  porcentaje: b?.porcentaje ?? null,
});

type Props = { open: boolean; editing: Beneficiary | null; onClose: () => void; onSaved: () => void };

export function BeneficiaryDialog({ open, editing, onClose, onSaved }: Props) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Editar beneficiario' : 'Nuevo beneficiario'}
      description="La suma de los porcentajes no puede superar 100 %."
    >
      {open && (
        <BeneficiaryForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} onSaved={onSaved} />
      )}
    </AppDialog>
  );
}

const COMPARED: ComparedField[] = [
  { name: 'nombre', label: 'Nombre completo' },
  { name: 'tipo_identificacion_id', label: 'Tipo de identificación' },
  { name: 'numero_identificacion', label: 'Número de identificación' },
  { name: 'parentesco_id', label: 'Parentesco', format: cachedLabels('parentesco') },
  {
    name: 'porcentaje',
    label: 'Porcentaje',
    format: (bp) => (typeof bp === 'number' ? formatPercent(bp / 100) : ''),
  },
];

/** The beneficiary as the server has it now (null when it was deleted meanwhile). */
async function current(id: number) {
  return (await getBeneficiaries()).data.find((b) => b.id === id) ?? null;
}

function BeneficiaryForm({ editing, onClose, onSaved }: Omit<Props, 'open'>) {
  const parentescos = useLookups('parentesco');
  const tipos = useInitForm().data?.tiposIdentificacion ?? [];
  const stale = useStaleEdit();
  // The version the dialog read, or the newer one Recargar brought.
  const [version, setVersion] = useState(editing?.version ?? undefined);
  const form = useApiForm({
    defaultValues: toValues(editing),
    schema: beneficiarioSchema,
    toBody: (values: Values) => ({
      ...values,
      tipo_identificacion_id: idOrNull(values.tipo_identificacion_id),
      parentesco_id: idOrNull(values.parentesco_id) ?? undefined,
      porcentaje: values.porcentaje ?? undefined,
      // The version the dialog read (decision 0251): saved meanwhile elsewhere → 409 naming who.
      version,
    }),
    send: (body): Promise<{ message?: string }> => saveBeneficiary(editing?.id ?? null, body),
    success: editing ? MSG.updated : MSG.created,
    invalidates: ['/general/beneficiarios'],
    errors: stale.errors,
    onSaved: () => onSaved(),
  });
  const tipoName = (value: unknown) => {
    const t = tipos.find((x) => String(x.id) === String(value ?? ''));
    return t ? `${t.codigo} - ${t.nombre}` : String(value ?? '');
  };
  const compared = COMPARED.map((f) =>
    f.name === 'tipo_identificacion_id' ? { ...f, format: tipoName } : f,
  );
  const { field } = form;
  const saving = form.busy;

  return (
    <form noValidate onSubmit={form.onSubmit} className="grid min-w-0 gap-4">
      {stale.message && editing && (
        <ConflictBanner
          message={stale.message}
          fields={compared}
          mine={form.values}
          load={async () => toValues(await current(editing.id))}
          onReload={() =>
            void current(editing.id).then((now) => {
              form.setValues(toValues(now));
              setVersion(now?.version ?? undefined);
              stale.clear();
            }, handleSaveError)
          }
        />
      )}
      <TextField label="Nombre completo" required maxLength={150} {...field('nombre')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo de identificación"
          {...field('tipo_identificacion_id')}
          options={tipos.map((t) => ({ value: t.id, label: `${t.codigo} - ${t.nombre}` }))}
        />
        <TextField
          label="Número de identificación"
          required
          maxLength={20}
          {...field('numero_identificacion')}
        />
        <SelectField
          label="Parentesco"
          required
          {...field('parentesco_id')}
          options={optionsOf(parentescos).map((o) => ({ value: o.id, label: o.label }))}
          placeholder={parentescos.status === 'loading' ? 'Cargando opciones...' : 'Seleccione...'}
          hint={emptyHint(parentescos, 'Parentesco')}
        />
        <PercentField label="Porcentaje" required {...field('porcentaje')} />
      </div>
      <FormActions busy={saving} onCancel={onClose} variant="dialog" />
    </form>
  );
}
