// The rates, the threshold in UVT with its source, and the withholding agent printed on the
// certificates (decision 0446). Rates are typed as percentages and sent as basis points.
import { withholdingSettingsSchema } from '@shared/schemas/tax-withholding';
import { SaveIcon } from 'lucide-react';
import { FormActions } from '@/components/form/form-actions';
import { TextField } from '@/components/form/text-field';
import { CardContent } from '@/components/ui/card';
import { useApiForm } from '@/lib/use-api-form';
import { RETENCION_API, saveWithholding, type WithholdingSettings } from '@/features/tax-withholding/tax-api';

const toPercent = (bp: number) => String(bp / 100).replace('.', ',');
const toBp = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);

export function WithholdingSettingsForm({ settings }: { settings: WithholdingSettings }) {
  const form = useApiForm({
    defaultValues: {
      tasa_natural: toPercent(settings.tasa_natural),
      tasa_juridica: toPercent(settings.tasa_juridica),
      umbral_uvt: String(settings.umbral_uvt),
      fuente: settings.fuente,
      agente_nit: settings.agente_nit ?? '',
      agente_razon_social: settings.agente_razon_social ?? '',
      agente_direccion: settings.agente_direccion ?? '',
      agente_ciudad: settings.agente_ciudad ?? '',
    },
    schema: withholdingSettingsSchema,
    toBody: (v) => ({
      tasa_natural: toBp(v.tasa_natural),
      tasa_juridica: toBp(v.tasa_juridica),
      umbral_uvt: Number(v.umbral_uvt),
      fuente: v.fuente,
      agente_nit: v.agente_nit.trim() || null,
      agente_razon_social: v.agente_razon_social.trim() || null,
      agente_direccion: v.agente_direccion.trim() || null,
      agente_ciudad: v.agente_ciudad.trim() || null,
      version: settings.version,
    }),
    send: (body) => saveWithholding(body),
    invalidates: [RETENCION_API],
  });
  const field = (k: keyof typeof form.values) => ({
    value: form.values[k],
    onValueChange: (v: string) => form.set(k, v),
    error: form.errors[k],
    disabled: form.busy,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Tarifas de retención">
      <CardContent className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Tarifa persona natural (%)"
          inputMode="decimal"
          required
          {...field('tasa_natural')}
        />
        <TextField
          label="Tarifa persona jurídica (%)"
          inputMode="decimal"
          required
          {...field('tasa_juridica')}
        />
        <TextField
          label="Umbral anual (UVT)"
          inputMode="numeric"
          required
          hint="Por encima de este acumulado en el año, una persona natural se retiene con la tarifa de persona jurídica."
          {...field('umbral_uvt')}
        />
        <div className="md:col-span-3">
          <TextField label="Fuente legal" required maxLength={500} {...field('fuente')} />
        </div>
        <TextField label="NIT del agente retenedor" placeholder="800197268-4" {...field('agente_nit')} />
        <TextField label="Razón social" {...field('agente_razon_social')} />
        <TextField label="Ciudad" {...field('agente_ciudad')} />
        <div className="md:col-span-3">
          <TextField label="Dirección" {...field('agente_direccion')} />
        </div>
      </CardContent>
      <FormActions busy={form.busy} icon={<SaveIcon />} />
    </form>
  );
}
