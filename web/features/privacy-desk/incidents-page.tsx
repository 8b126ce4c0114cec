// Administración → Incidentes de datos (docs/privacy.md «Incidentes»): record what happened, when it
// was detected, which data and which members; the SIC deadline (15 business days) and the members
// to notify come from the server.
import { ReadView } from '@/components/feedback/read-view';
import { incidentSchema } from '@shared/schemas/privacy-desk';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { Spinner } from '@/components/feedback/spinner';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  getIncident,
  getIncidents,
  type Incident,
  INCIDENTS_PATH,
  markReported,
  recordIncident,
} from '@/features/privacy-desk/privacy-desk-api';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { useApiForm } from '@/lib/use-api-form';

const BLANK = { descripcion: '', detectado_el: '', datos: '', miembros: '' };

export default function IncidentsPage() {
  const res = useRead(keyOf(INCIDENTS_PATH), getIncidents);
  const rows = res.data?.data ?? [];
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Incidentes de datos"
        description="Registre los incidentes de seguridad de datos personales: se reportan a la Superintendencia de Industria y Comercio dentro de los 15 días hábiles siguientes a su detección."
      />
      <Card>
        <CardHeader>
          <CardTitle>Nuevo incidente</CardTitle>
        </CardHeader>
        <CardContent>
          <IncidentForm />
        </CardContent>
      </Card>
      <ReadView read={res} loading={<Skeleton className="h-40" aria-label="Cargando incidentes" />}>
        {() =>
          rows.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="grid gap-3" aria-label="Incidentes">
              {rows.map((i) => (
                <IncidentItem key={i.id} row={i} />
              ))}
            </ul>
          )
        }
      </ReadView>
    </section>
  );
}

function IncidentForm() {
  const form = useApiForm({
    defaultValues: BLANK,
    schema: incidentSchema,
    toBody: (v) => ({
      ...v,
      miembros: v.miembros
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((x) => (/^\d+$/.test(x) ? Number(x) : x)),
    }),
    send: recordIncident,
    invalidates: [INCIDENTS_PATH],
    onSaved: () => form.setValues(BLANK),
  });
  const { field } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Nuevo incidente" className="grid gap-4">
      <TextareaField label="Qué pasó" required rows={3} {...field('descripcion')} maxLength={4000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Detectado el (AAAA-MM-DD)" required {...field('detectado_el')} />
        <TextField label="Datos comprometidos" required {...field('datos')} maxLength={2000} />
      </div>
      <TextareaField label="Miembros afectados (ids separados por comas)" rows={2} {...field('miembros')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={form.busy}>
          {form.busy && <Spinner />}
          Registrar incidente
        </Button>
      </div>
    </form>
  );
}

function IncidentItem({ row }: { row: Incident }) {
  const [show, setShow] = useState(false);
  const detail = useRead(show ? keyOf(`${INCIDENTS_PATH}/${row.id}`) : null, (s) => getIncident(row.id, s));
  const report = useWrite({ send: () => markReported(row.id), invalidates: [INCIDENTS_PATH] });
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Incidente {row.id}</span>
        <span>detectado el {row.detectado_el}</span>
        <span>· reporte a la SIC a más tardar el {row.vence_sic}</span>
        {row.reportado_sic_at ? (
          <Badge variant="success">Reportado</Badge>
        ) : row.vencido ? (
          <Badge variant="destructive">Vencido</Badge>
        ) : null}
      </div>
      <p>{row.descripcion}</p>
      <p className="text-muted-foreground">
        Datos: {row.datos} · {row.total_miembros} miembros afectados
      </p>
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setShow(!show)} aria-expanded={show}>
          Miembros a notificar
        </Button>
        {!row.reportado_sic_at && (
          <Button type="button" size="sm" disabled={report.busy} onClick={() => report.run()}>
            Marcar reportado a la SIC
          </Button>
        )}
      </div>
      {show && detail.data && (
        <ul className="grid gap-1">
          {detail.data.data.notificar.map((m) => (
            <li key={m.id}>
              {m.user_name} · {m.nombres} {m.apellidos} · {m.email}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
