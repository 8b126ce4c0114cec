// Edits one level's rate: the percent input stores basis points (12,50 % → 1250).
import { MSG } from '@shared/messages';
import { rateSchema } from '@shared/schemas/bonus';
import { SaveIcon } from 'lucide-react';
import { PercentField } from '@/components/form/percent-field';
import { TextareaField } from '@/components/form/textarea-field';
import { FormActions } from '@/components/form/form-actions';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useApiForm } from '@/lib/use-api-form';
import { type Rate, saveRate } from '@/features/bonuses/bonus-api';
import type { FormErrors } from '@/lib/form-errors';

type Props = { rate: Rate; listPath: string; onSaved: () => void };

export function RateForm({ rate, listPath, onSaved }: Props) {
  const form = useApiForm({
    defaultValues: { porcentaje: rate.porcentaje as number | null, descripcion: rate.descripcion ?? '' },
    schema: rateSchema,
    precheck: ({ porcentaje }): FormErrors =>
      porcentaje === null
        ? { porcentaje: MSG.required }
        : porcentaje > 10_000
          ? { porcentaje: MSG.max('El porcentaje', '100.00 %') }
          : {},
    // The version the form read (decision 0251): a rate saved meanwhile by someone else is a 409.
    toBody: (v) => ({
      porcentaje: v.porcentaje,
      descripcion: v.descripcion.trim() || null,
      version: rate.version,
    }),
    send: (body) => saveRate(rate.id, body),
    success: MSG.updated,
    invalidates: ['/bonos/detallebonos'],
    onSaved: () => onSaved(),
  });
  const saving = form.busy;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Nivel {rate.nivel}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <PercentField label="Porcentaje" required {...form.field('porcentaje')} />
          <TextareaField
            label="Descripción"
            className="md:col-span-2"
            rows={3}
            maxLength={200}
            {...form.field('descripcion')}
          />
        </CardContent>
        <FormActions busy={saving} cancelTo={listPath} icon={<SaveIcon />} />
      </Card>
    </form>
  );
}
