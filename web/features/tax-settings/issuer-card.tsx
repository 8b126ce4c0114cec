// The issuer of the invoices: NIT with its check digit, razón social, tax regime and
// responsibilities, address with its DANE municipality code, and e-mail (decision 0437).
import { MSG } from '@shared/messages';
import { issuerSchema, TAX_REGIMES } from '@shared/schemas/invoicing';
import { SaveIcon } from 'lucide-react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormActions } from '@/components/form/form-actions';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getIssuer, type Issuer, saveIssuer, TAX_API } from '@/features/tax-settings/tax-api';
import { keyOf, useRead } from '@/lib/query';
import { useApiForm } from '@/lib/use-api-form';

const FIELDS = [
  ['nit', 'NIT (sin dígito de verificación)'],
  ['dv', 'Dígito de verificación'],
  ['razon_social', 'Razón social'],
  ['responsabilidades', 'Responsabilidades fiscales (RUT)'],
  ['direccion', 'Dirección'],
  ['municipio_dane', 'Código DANE del municipio'],
  ['email', 'Correo de facturación'],
  ['telefono', 'Teléfono'],
] as const;

export function IssuerCard() {
  const res = useRead(keyOf(`${TAX_API}/emisor`), async (signal) => (await getIssuer(signal)).data);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Emisor</CardTitle>
        <CardDescription>Así aparece el vendedor en cada factura electrónica y nota crédito.</CardDescription>
      </CardHeader>
      {res.status === 'error' ? (
        <CardContent>
          <ErrorState message={MSG.loadError} onRetry={res.reload} />
        </CardContent>
      ) : res.status !== 'ready' ? (
        <CardContent>
          <Skeleton className="h-40 w-full" aria-label="Cargando emisor" />
        </CardContent>
      ) : (
        <IssuerForm key={res.data?.updated_at ?? 0} issuer={res.data} />
      )}
    </Card>
  );
}

function IssuerForm({ issuer }: { issuer: Issuer | null }) {
  const form = useApiForm({
    defaultValues: {
      nit: issuer?.nit ?? '',
      dv: issuer?.dv ?? '',
      razon_social: issuer?.razon_social ?? '',
      regimen: issuer?.regimen ?? '48',
      responsabilidades: issuer?.responsabilidades ?? '',
      direccion: issuer?.direccion ?? '',
      municipio_dane: issuer?.municipio_dane ?? '',
      email: issuer?.email ?? '',
      telefono: issuer?.telefono ?? '',
    },
    schema: issuerSchema,
    toBody: (v) => ({ ...v, telefono: v.telefono || null }),
    send: (body) => saveIssuer(body),
    invalidates: [`${TAX_API}/emisor`],
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <CardContent className="grid gap-4 md:grid-cols-2">
        {FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            value={form.values[name]}
            onValueChange={(v) => form.set(name, v)}
            error={form.errors[name]}
          />
        ))}
        <SelectField
          label="Régimen"
          value={form.values.regimen}
          onValueChange={(v) => form.set('regimen', String(v))}
          options={TAX_REGIMES.map((r) => ({ value: r.value, label: r.label }))}
          error={form.errors.regimen}
        />
      </CardContent>
      <FormActions busy={form.busy} icon={<SaveIcon />} />
    </form>
  );
}
