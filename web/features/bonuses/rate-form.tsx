// Edits one level's rate: the percent input stores basis points (12,50 % → 1250).
import { MSG } from '@shared/messages';
import { rateSchema } from '@shared/schemas/bonus';
import { SaveIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/feedback/spinner';
import { PercentField } from '@/components/form/percent-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';
import { useForm } from '@/lib/use-form';
import { type Rate, saveRate } from '@/features/bonuses/bonus-api';
import { invalidate } from '@/lib/query';

type Props = { rate: Rate; listPath: string; onSaved: () => void };

export function RateForm({ rate, listPath, onSaved }: Props) {
  const form = useForm<{ porcentaje: number | null; descripcion: string }>({ porcentaje: rate.porcentaje, descripcion: rate.descripcion ?? '' });
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { porcentaje } = form.values;
    if (porcentaje === null) return form.setErrors({ porcentaje: MSG.required });
    if (porcentaje > 10_000) return form.setErrors({ porcentaje: MSG.max('El porcentaje', '100.00 %') });
    const body = form.validate(rateSchema, { porcentaje, descripcion: form.values.descripcion.trim() || null });
    if (!body) return;
    setSaving(true);
    try {
      await saveRate(rate.id, body);
      void invalidate('/bonos/detallebonos');
      toast.success(MSG.updated);
      onSaved();
    } catch (err) {
      form.setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Nivel {rate.nivel}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <PercentField label="Porcentaje" required value={form.values.porcentaje} onValueChange={(v) => form.set('porcentaje', v)} error={form.errors.porcentaje} />
          <TextareaField label="Descripción" className="md:col-span-2" rows={3} maxLength={200} value={form.values.descripcion} onValueChange={(v) => form.set('descripcion', v)} error={form.errors.descripcion} />
        </CardContent>
        <CardFooter className="justify-end">
          <Button variant="outline" asChild>
            <Link to={listPath}>Cancelar</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? <Spinner /> : <SaveIcon />}
            Guardar
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
