// 'Información de pago': the payment method, then only the fields that method's kind uses.
import { CONSTANTS } from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  PAYMENT_FIELDS,
  PAYMENT_KEYS,
  type PaymentInfo,
  paymentInfoErrors,
  paymentInfoSchema,
} from '@shared/schemas/profile';
import { PERSON_TYPES, type PersonType } from '@shared/withholding';
import { SaveIcon } from 'lucide-react';
import type * as v from 'valibot';
import { type ReactNode, useState } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { Spinner } from '@/components/feedback/spinner';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cachedLabels, type Lookup, optionsOf, useLookups } from '@/lib/lookups';
import { type ComparedField, ConflictBanner, useStaleEdit } from '@/components/form/conflict-banner';
import { handleSaveError } from '@/lib/api-errors';
import { useApiForm } from '@/lib/use-api-form';
import { firstMessages } from '@/lib/form-errors';
import { idOrNull, idText, textOrNull } from '@/features/profile/form-ids';
import { emptyHint } from '@/components/form/empty-catalogue';
import { keyOf, useRead } from '@/lib/query';
import { getPayment, savePayment } from '@/features/profile/profile-api';

type Saved = (Record<keyof PaymentInfo, unknown> & { metodo_tipo: string | null }) | null;
type Values = Record<keyof PaymentInfo, string>;
const KEYS = PAYMENT_KEYS;
const PATH = '/general/informacionpago';
const COMPARED: ComparedField[] = [
  { name: 'metodo_pago_id', label: 'Método de pago', format: cachedLabels('metodosdepago') },
  { name: 'banco_id', label: 'Banco', format: cachedLabels('bancos') },
  {
    name: 'tipo_cuenta',
    label: 'Tipo de cuenta',
    format: (c) => CONSTANTS.tiposCuenta.find((t) => t.codigo === c)?.nombre ?? String(c ?? ''),
  },
  { name: 'numero_cuenta', label: 'Número de cuenta' },
  { name: 'titular', label: 'Titular' },
  {
    name: 'tipo_billetera',
    label: 'Tipo de billetera',
    format: (c) => CONSTANTS.tiposBilletera.find((t) => t.codigo === c)?.nombre ?? String(c ?? ''),
  },
  { name: 'criptomoneda_id', label: 'Criptomoneda', format: cachedLabels('criptomoneda') },
  { name: 'direccion_billetera', label: 'Dirección de la billetera' },
  {
    name: 'tipo_persona',
    label: 'Tipo de persona',
    format: (c) => PERSON_TYPES.find((t) => t.codigo === c)?.nombre ?? String(c ?? ''),
  },
  { name: 'nit', label: 'NIT' },
];

const toValues = (s: Saved) =>
  ({
    ...Object.fromEntries(KEYS.map((k) => [k, idText(s?.[k])])),
    tipo_persona: idText(s?.tipo_persona) || 'NATURAL',
  }) as Values;
const toBody = (v: Values) => ({
  metodo_pago_id: idOrNull(v.metodo_pago_id) ?? undefined,
  banco_id: idOrNull(v.banco_id),
  criptomoneda_id: idOrNull(v.criptomoneda_id),
  tipo_cuenta: v.tipo_cuenta || null,
  tipo_billetera: v.tipo_billetera || null,
  numero_cuenta: textOrNull(v.numero_cuenta),
  titular: textOrNull(v.titular),
  direccion_billetera: textOrNull(v.direccion_billetera),
  // The person type decides the withholding on the bonuses (decision 0445); a NIT only for a company.
  tipo_persona: (v.tipo_persona || 'NATURAL') as PersonType,
  nit: v.tipo_persona === 'JURIDICA' ? textOrNull(v.nit) : null,
});
/**
 * The kind of the chosen method: its `tipo` comes with the method's autocomplete option (the
 * registry's autocompleteFields), or with the saved payment info while the options load.
 */
function methodTipo(methodId: string, options: Lookup[], known: { id: string; tipo: string | null } | null) {
  if (!methodId) return null;
  const tipo = options.find((o) => String(o.id) === methodId)?.tipo;
  if (typeof tipo === 'string') return tipo;
  return known && known.id === methodId ? known.tipo : null;
}

const lookupOptions = (items: { id: number; label: string }[]) =>
  items.map((i) => ({ value: i.id, label: i.label }));

export function PaymentTab() {
  const state = useRead(keyOf(PATH), async (signal) => (await getPayment(signal)).data);
  const { reload } = state;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={4} />;
  return <PaymentForm saved={state.data} />;
}

function PaymentForm({ saved }: { saved: Saved }) {
  const metodos = useLookups('metodosdepago');
  const known = saved ? { id: idText(saved.metodo_pago_id), tipo: saved.metodo_tipo } : null;
  // The version the form read, then the one each save answers (the form stays open).
  const [version, setVersion] = useState(saved?.version ?? undefined);
  const stale = useStaleEdit();
  const form = useApiForm({
    defaultValues: toValues(saved),
    schema: paymentInfoSchema,
    // The version the form read (decision 0251): saved meanwhile elsewhere → 409 naming who.
    toBody: (v: Values) => ({ ...toBody(v), version }),
    // The fields the method's kind requires, known only here (the server checks them too).
    check: (body: v.InferOutput<typeof paymentInfoSchema>) =>
      firstMessages(paymentInfoErrors(body, tipo ?? undefined)),
    send: async (body: v.InferOutput<typeof paymentInfoSchema>) => {
      const res = await savePayment(body);
      setVersion(res.data?.version ?? undefined);
      return res;
    },
    success: MSG.updated,
    errors: stale.errors,
    onSaved: () => stale.clear(),
  });
  const { values, errors, set } = form;
  const tipo = methodTipo(values.metodo_pago_id, optionsOf(metodos), known);
  const tipoLoading = !!values.metodo_pago_id && !tipo && metodos.status === 'loading';
  const uses = new Set(PAYMENT_FIELDS[tipo ?? ''] ?? []);
  const bancos = useLookups('bancos', {}, uses.has('banco_id'));
  const criptos = useLookups('criptomoneda', {}, uses.has('criptomoneda_id'));
  const saving = form.busy;
  const field = (k: keyof PaymentInfo) => ({
    value: values[k],
    onValueChange: (v: string) => set(k, v),
    error: errors[k],
    disabled: saving,
    required: true,
  });

  const shown: Partial<Record<keyof PaymentInfo, ReactNode>> = {
    banco_id: (
      <SelectField
        label="Banco"
        options={lookupOptions(optionsOf(bancos))}
        placeholder={bancos.status === 'loading' ? 'Cargando opciones...' : 'Seleccione...'}
        hint={emptyHint(bancos, 'Bancos')}
        {...field('banco_id')}
      />
    ),
    tipo_cuenta: (
      <SelectField
        label="Tipo de cuenta"
        options={CONSTANTS.tiposCuenta.map((t) => ({ value: t.codigo, label: t.nombre }))}
        {...field('tipo_cuenta')}
      />
    ),
    tipo_billetera: (
      <SelectField
        label="Tipo de billetera"
        options={CONSTANTS.tiposBilletera.map((t) => ({ value: t.codigo, label: t.nombre }))}
        {...field('tipo_billetera')}
      />
    ),
    numero_cuenta: (
      <TextField
        label={tipo === 'BILLETERA' ? 'Número de cuenta o billetera' : 'Número de cuenta'}
        maxLength={40}
        {...field('numero_cuenta')}
      />
    ),
    titular: <TextField label="Titular" maxLength={150} {...field('titular')} />,
    criptomoneda_id: (
      <SelectField
        label="Criptomoneda"
        options={lookupOptions(optionsOf(criptos))}
        placeholder={criptos.status === 'loading' ? 'Cargando opciones...' : 'Seleccione...'}
        hint={emptyHint(criptos, 'Criptomonedas')}
        {...field('criptomoneda_id')}
      />
    ),
    direccion_billetera: (
      <TextField label="Dirección de la billetera" maxLength={120} {...field('direccion_billetera')} />
    ),
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Información de pago</CardTitle>
        <CardDescription>Dónde quieres recibir tus pagos.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.onSubmit} className="grid gap-6" aria-label="Información de pago">
          {stale.message && (
            <ConflictBanner
              message={stale.message}
              fields={COMPARED}
              mine={values}
              load={async () => toValues((await getPayment()).data)}
              onReload={() =>
                void getPayment().then(({ data: now }) => {
                  form.setValues(toValues(now));
                  setVersion(now?.version ?? undefined);
                  stale.clear();
                }, handleSaveError)
              }
            />
          )}
          <div className="grid gap-4 md:grid-cols-2">
            <SelectField
              label="Método de pago"
              options={lookupOptions(optionsOf(metodos))}
              placeholder={metodos.status === 'loading' ? 'Cargando opciones...' : 'Seleccione...'}
              hint={tipoLoading ? 'Cargando los campos del método...' : emptyHint(metodos, 'Métodos de pago')}
              {...field('metodo_pago_id')}
            />
            {[...uses].map((k) => (
              <div key={k}>{shown[k]}</div>
            ))}
            <SelectField
              label="Tipo de persona"
              options={PERSON_TYPES.map((t) => ({ value: t.codigo, label: t.nombre }))}
              hint="Define la retención en la fuente sobre tus bonos: 10 % persona natural, 11 % persona jurídica."
              {...field('tipo_persona')}
            />
            {values.tipo_persona === 'JURIDICA' && (
              <TextField label="NIT" placeholder="800197268-4" maxLength={20} {...field('nit')} />
            )}
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={saving || !values.metodo_pago_id || tipoLoading}>
              {saving ? <Spinner /> : <SaveIcon />}
              Guardar
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
