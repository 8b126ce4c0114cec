// The UVT value of each year with the DIAN resolution that fixed it (decision 0446): the rows, and
// one form that adds a year or replaces its value.
import { uvtSchema } from '@shared/schemas/tax-withholding';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { FormActions } from '@/components/form/form-actions';
import { TextField } from '@/components/form/text-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/format';
import { useApiForm } from '@/lib/use-api-form';
import { RETENCION_API, saveUvt, type WithholdingSettings } from '@/features/tax-withholding/tax-api';

export function UvtTable({ rows }: { rows: WithholdingSettings['uvt'] }) {
  // The year is the route's parameter, not part of the body: kept beside the form.
  const [anio, setAnio] = useState(String(new Date().getFullYear() + 1));
  const form = useApiForm({
    defaultValues: { valor: '', fuente: '' },
    schema: uvtSchema,
    toBody: (v) => ({
      valor: Math.round(Number(v.valor.replace(/\./g, '').replace(',', '.')) * 100),
      fuente: v.fuente,
      version: rows.find((r) => String(r.anio) === anio)?.version,
    }),
    send: (body) => saveUvt(Number(anio), body),
    invalidates: [RETENCION_API],
  });
  const field = (k: keyof typeof form.values) => ({
    value: form.values[k],
    onValueChange: (v: string) => form.set(k, v),
    error: form.errors[k],
    disabled: form.busy,
  });
  return (
    <div className="grid gap-4">
      <Table aria-label="Valor de la UVT por año">
        <TableHeader>
          <TableRow>
            <TableHead>Año</TableHead>
            <TableHead className="text-right">Valor de la UVT</TableHead>
            <TableHead>Fuente</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.anio}>
              <TableCell>{r.anio}</TableCell>
              <TableCell className="text-right">{formatMoney(r.valor)}</TableCell>
              <TableCell>{r.fuente}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <form onSubmit={form.onSubmit} noValidate aria-label="Agregar o cambiar el valor de la UVT">
        <div className="grid gap-4 md:grid-cols-3">
          <TextField
            label="Año"
            inputMode="numeric"
            required
            value={anio}
            onValueChange={setAnio}
            disabled={form.busy}
          />
          <TextField label="Valor en pesos" inputMode="numeric" required {...field('valor')} />
          <TextField label="Resolución de la DIAN" required {...field('fuente')} />
        </div>
        <FormActions busy={form.busy} icon={<PlusIcon />} label="Guardar UVT" variant="plain" />
      </form>
    </div>
  );
}
