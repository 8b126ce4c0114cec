// The DIAN numbering resolutions: each with its range, validity, how many numbers it has given and
// its warning (90 % used, 30 days from expiry); and the form of a new one (decision 0431).
import { MSG } from '@shared/messages';
import { resolutionSchema } from '@shared/schemas/invoicing';
import { PlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { FormActions } from '@/components/form/form-actions';
import { TextField } from '@/components/form/text-field';
import { ToneChip } from '@/components/status/tone-chip';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { createResolution, getResolutions, TAX_API } from '@/features/tax-settings/tax-api';
import { keyOf, useRead } from '@/lib/query';
import { useApiForm } from '@/lib/use-api-form';

export function ResolutionsCard() {
  const res = useRead(
    keyOf(`${TAX_API}/resoluciones`),
    async (signal) => (await getResolutions(signal)).data,
  );
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Resoluciones de numeración</CardTitle>
          <CardDescription>
            Cada factura toma el siguiente número de la resolución vigente más antigua con números
            disponibles; se pasa a la siguiente solo cuando se usa el último número o vence.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {res.status === 'error' ? (
            <ErrorState message={MSG.loadError} onRetry={res.reload} />
          ) : res.status !== 'ready' ? (
            <Skeleton className="h-24 w-full" aria-label="Cargando resoluciones" />
          ) : res.data.length === 0 ? (
            <EmptyState text="Aún no hay resoluciones: las facturas esperan su número hasta registrar la primera." />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Resolución</TableHead>
                  <TableHead>Prefijo</TableHead>
                  <TableHead>Rango</TableHead>
                  <TableHead>Vigencia</TableHead>
                  <TableHead>Usados</TableHead>
                  <TableHead>Estado</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {res.data.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{r.numero}</TableCell>
                    <TableCell>{r.prefijo}</TableCell>
                    <TableCell>
                      {r.desde} – {r.hasta}
                    </TableCell>
                    <TableCell>
                      {r.vigente_desde} a {r.vigente_hasta}
                    </TableCell>
                    <TableCell>{r.usados}</TableCell>
                    <TableCell>
                      <ToneChip
                        status={r.vigente ? 'ACTIVO' : 'INACTIVO'}
                        label={r.aviso ?? (r.vigente ? 'Vigente' : 'Sin números o fuera de vigencia')}
                        tone={r.aviso ? 'warning' : undefined}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <NewResolution />
    </div>
  );
}

const FIELDS = [
  ['numero', 'Número de resolución'],
  ['prefijo', 'Prefijo'],
  ['desde', 'Número inicial'],
  ['hasta', 'Número final'],
  ['vigente_desde', 'Vigente desde (AAAA-MM-DD)'],
  ['vigente_hasta', 'Vigente hasta (AAAA-MM-DD)'],
  ['proveedor_rango_id', 'Id del rango en el proveedor (opcional)'],
] as const;

function NewResolution() {
  const empty = {
    numero: '',
    prefijo: '',
    desde: '',
    hasta: '',
    vigente_desde: '',
    vigente_hasta: '',
    proveedor_rango_id: '',
  };
  const form = useApiForm({
    defaultValues: empty,
    schema: resolutionSchema,
    toBody: (v) => ({ ...v, proveedor_rango_id: v.proveedor_rango_id || null }),
    send: (body) => createResolution(body),
    invalidates: [TAX_API],
    onSaved: () => form.setValues(empty),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Nueva resolución</CardTitle>
        <CardDescription>
          Tal como la autorizó la DIAN: número, prefijo, rango y fechas de vigencia.
        </CardDescription>
      </CardHeader>
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
        </CardContent>
        <FormActions busy={form.busy} icon={<PlusIcon />} label="Registrar resolución" />
      </form>
    </Card>
  );
}
