// Centro de ayuda → Mis solicitudes de datos (docs/privacy.md «Solicitudes de los titulares»): the
// member files a consulta, reclamo, prueba, revocatoria or supresión, sees its radicado and due
// date, completes what the desk asks for, reads the answer, and downloads everything we hold on him.
import { MSG } from '@shared/messages';
import { CLAIM_REASONS, REQUEST_TYPE_LABELS, REQUEST_TYPES } from '@shared/privacy-desk';
import { privacyRequestSchema } from '@shared/schemas/privacy-desk';
import { STATE, stateLabel } from '@shared/workflow';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageHeader } from '@/components/feedback/page-header';
import { Spinner } from '@/components/feedback/spinner';
import { SelectField } from '@/components/form/select-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  completeRequest,
  downloadMyData,
  fileRequest,
  getOwnRequests,
  OWN_PATH,
  type OwnRequest,
} from '@/features/privacy-desk/privacy-desk-api';
import { keyOf, useRead } from '@/lib/query';
import { useWrite } from '@/lib/mutation';
import { useApiForm } from '@/lib/use-api-form';

const TYPE_OPTIONS = REQUEST_TYPES.map((t) => ({ value: t, label: REQUEST_TYPE_LABELS[t] }));
const REASON_OPTIONS = CLAIM_REASONS.map((r) => ({
  value: r,
  label: r === 'ACTUALIZAR' ? 'Actualizar' : 'Rectificar',
}));
const BLANK = { tipo: '', motivo: '', descripcion: '' };

export default function PrivacyRequestsPage() {
  const res = useRead(keyOf(OWN_PATH), getOwnRequests);
  const [downloading, setDownloading] = useState(false);
  const rows = res.data?.data ?? [];
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Mis solicitudes de datos"
        description="Conozca, actualice, rectifique o pida suprimir sus datos personales (Ley 1581 de 2012). Cada solicitud recibe un radicado y una fecha límite de respuesta en días hábiles."
      />
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={downloading}
          onClick={async () => {
            setDownloading(true);
            await downloadMyData();
            setDownloading(false);
          }}
        >
          {downloading ? <Spinner /> : <DownloadIcon aria-hidden />}
          Descargar mis datos
        </Button>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Nueva solicitud</CardTitle>
        </CardHeader>
        <CardContent>
          <RequestForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Solicitudes radicadas</CardTitle>
        </CardHeader>
        <CardContent>
          {res.status === 'error' ? (
            <ErrorState message={MSG.loadError} onRetry={res.reload} />
          ) : rows.length === 0 ? (
            <EmptyState text="Aún no ha radicado solicitudes." />
          ) : (
            <ul className="grid gap-3" aria-label="Solicitudes radicadas">
              {rows.map((r) => (
                <RequestItem key={r.id} row={r} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function RequestForm() {
  const form = useApiForm({
    defaultValues: BLANK,
    schema: privacyRequestSchema,
    toBody: (v) => ({ ...v, motivo: v.tipo === 'RECLAMO' ? v.motivo || null : null }),
    send: fileRequest,
    invalidates: [OWN_PATH],
    onSaved: () => form.setValues(BLANK),
  });
  const { values, field } = form;
  const saving = form.busy;
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Nueva solicitud de datos" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo de solicitud"
          required
          {...field('tipo')}
          options={TYPE_OPTIONS}
          disabled={saving}
        />
        {values.tipo === 'RECLAMO' && (
          <SelectField
            label="El reclamo es para"
            required
            {...field('motivo')}
            options={REASON_OPTIONS}
            disabled={saving}
          />
        )}
      </div>
      <TextareaField
        label="Descripción"
        required
        rows={4}
        {...field('descripcion')}
        disabled={saving}
        maxLength={4000}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          Radicar solicitud
        </Button>
      </div>
    </form>
  );
}

function RequestItem({ row }: { row: OwnRequest }) {
  const [info, setInfo] = useState('');
  const complete = useWrite({
    send: () => completeRequest(row.id, info),
    invalidates: [OWN_PATH],
    onSaved: () => setInfo(''),
  });
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{row.radicado}</span>
        <span>{row.tipo_nombre}</span>
        <Badge
          variant={
            row.estado === STATE.RESUELTA
              ? 'success'
              : row.estado === STATE.INCOMPLETA
                ? 'warning'
                : 'secondary'
          }
        >
          {stateLabel(row.estado)}
        </Badge>
        {row.en_tramite && <Badge variant="outline">Reclamo en trámite</Badge>}
      </div>
      <p className="text-muted-foreground">
        Radicada el {row.recibida_el} · respuesta a más tardar el <span data-vence>{row.vence_el}</span>
        {row.motivo_prorroga ? ` (prorrogada: ${row.motivo_prorroga})` : ''}
      </p>
      {row.estado === STATE.INCOMPLETA && (
        <div className="grid gap-2">
          <p>Le pedimos: {row.requerimiento}</p>
          <TextareaField
            label="Información que falta"
            rows={3}
            value={info}
            onValueChange={setInfo}
            maxLength={4000}
          />
          <div>
            <Button
              type="button"
              size="sm"
              disabled={complete.busy || !info.trim()}
              onClick={() => complete.run()}
            >
              Enviar información
            </Button>
          </div>
        </div>
      )}
      {row.respuesta && (
        <p>
          <span className="font-medium">Respuesta:</span> {row.respuesta}
        </p>
      )}
    </li>
  );
}
