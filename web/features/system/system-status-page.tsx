// Administración → Estado del sistema (docs/decisions/0350, docs/operations.md): open alerts, the
// scheduled jobs, the API's last hour, open settlement cycles, the queues and the last backup.
// Jobs and queues come from the server's registries: a new one appears here with no change.
import { ActivityIcon, DatabaseBackupIcon, GaugeIcon, TriangleAlertIcon } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ReadView } from '@/components/feedback/read-view';
import { PageHeader } from '@/components/feedback/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatFileSize, formatNumber, formatPercent, plural } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';
import { JobsCard } from '@/features/system/jobs-card';
import { QueueCard } from '@/features/system/queue-card';
import { getSystemStatus, STATUS_PATH, type SystemStatus } from '@/features/system/system-api';

export default function SystemStatusPage() {
  const res = useRead(keyOf(STATUS_PATH), getSystemStatus);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Estado del sistema"
        description="Tareas programadas, colas, errores de la API y respaldos. El manual de operación explica cada alerta."
      />
      <ReadView
        read={res}
        loading={
          <div
            role="status"
            aria-busy="true"
            aria-label="Cargando el estado del sistema"
            className="grid gap-4"
          >
            <div className="grid gap-4 sm:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
            <Skeleton className="h-64" />
          </div>
        }
      >
        {({ data }) => <StatusView status={data} />}
      </ReadView>
    </section>
  );
}

function StatusView({ status }: { status: SystemStatus }) {
  return (
    <>
      {status.alertas.length > 0 && (
        <div className="grid gap-2" aria-label="Alertas abiertas">
          {status.alertas.map((a) => (
            <Alert key={a.clave} variant="destructive">
              <TriangleAlertIcon aria-hidden />
              <AlertTitle>{a.titulo}</AlertTitle>
              <AlertDescription>
                {a.detalle} Desde {formatDateTime(a.abierta)}
                {a.notificada ? ' · aviso enviado por correo' : ' · sin aviso por correo (OPS_EMAIL)'}.
              </AlertDescription>
            </Alert>
          ))}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure
          icon={ActivityIcon}
          label="Solicitudes (última hora)"
          value={formatNumber(status.api.solicitudes)}
        />
        <Figure
          icon={TriangleAlertIcon}
          label="Errores 5xx (última hora)"
          value={`${formatPercent(status.api.tasa_error * 100)} · ${plural(status.api.errores, 'error', 'errores')}`}
        />
        <Figure
          icon={GaugeIcon}
          label="p95 de la duración"
          value={status.api.p95_ms == null ? '—' : `≤ ${formatNumber(status.api.p95_ms)} ms`}
        />
      </div>
      <JobsCard rows={status.crons} />
      <Card>
        <CardHeader>
          <CardTitle>Liquidaciones abiertas</CardTitle>
        </CardHeader>
        <CardContent>
          {status.liquidacion.length === 0 ? (
            <EmptyState text="No hay ciclos abiertos: todos los meses iniciados están liquidados." />
          ) : (
            <ul className="grid gap-2 text-sm">
              {status.liquidacion.map((c) => (
                <li key={c.clave} className="rounded-md border p-3">
                  <span className="font-medium">{c.clave}</span> · {c.estado} ·{' '}
                  {formatNumber(c.miembros_hechos)} de {formatNumber(c.miembros)} miembros ·{' '}
                  {plural(c.pasos, 'paso', 'pasos')}
                  {c.atascado && (
                    <span className="text-destructive"> · detenido: ninguna ejecución lo avanza</span>
                  )}
                  {c.ultimo_error && <p className="text-destructive">{c.ultimo_error}</p>}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {status.colas.map((q) => (
          <QueueCard key={q.clave} queue={q} />
        ))}
      </div>
      <Card>
        <CardHeader className="flex flex-row items-center gap-2">
          <DatabaseBackupIcon aria-hidden className="size-5 text-primary" />
          <CardTitle>Último respaldo</CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {status.respaldo ? (
            <p>
              {status.respaldo.clave}, terminado {formatDateTime(status.respaldo.terminado ?? '')}:{' '}
              {plural(status.respaldo.filas, 'fila', 'filas')}, {formatFileSize(status.respaldo.bytes)} en{' '}
              {plural(status.respaldo.partes, 'parte', 'partes')} ({status.respaldo.manifiesto}).
            </p>
          ) : (
            <p className="text-muted-foreground">Aún no hay respaldos nocturnos terminados.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Figure({ icon: Icon, label, value }: { icon: typeof ActivityIcon; label: string; value: string }) {
  return (
    <Card className="py-4">
      <CardContent className="flex items-center gap-4">
        <span
          aria-hidden
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-primary"
        >
          <Icon className="size-5" />
        </span>
        <dl className="grid gap-0.5">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
