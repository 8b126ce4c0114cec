// Configuración → Tributario → «Retención en la fuente» (decisions 0446, 0451, 0452): the rates
// and the agent, the UVT per year, the monthly report per payee and the year's certificates.
import { certificateTitle } from '@shared/withholding';
import { FileSpreadsheetIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { ReadView } from '@/components/feedback/read-view';
import { PageHeader } from '@/components/feedback/page-header';
import { Spinner } from '@/components/feedback/spinner';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { download } from '@/lib/transfer';
import { certificateStep, getWithholding, RETENCION_API } from '@/features/tax-withholding/tax-api';
import { UvtTable } from '@/features/tax-withholding/uvt-table';
import { WithholdingSettingsForm } from '@/features/tax-withholding/withholding-settings-form';

export default function WithholdingSettingsPage() {
  const res = useRead(keyOf(RETENCION_API), getWithholding);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Retención en la fuente"
        description="Retención sobre los bonos de referidos al liquidar cada ciclo: tarifas, umbral en UVT, certificados y reporte mensual."
      />
      <ReadView
        read={res}
        loading={<Skeleton className="h-64" aria-label="Cargando la retención en la fuente" />}
      >
        {({ data }) => (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Tarifas y agente retenedor</CardTitle>
                <CardDescription>
                  Cada ciclo usa las tarifas y el umbral vigentes cuando empezó a liquidarse.
                </CardDescription>
              </CardHeader>
              <WithholdingSettingsForm key={data.version} settings={data} />
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Valor de la UVT por año</CardTitle>
              </CardHeader>
              <CardContent>
                <UvtTable rows={data.uvt} />
              </CardContent>
            </Card>
          </>
        )}
      </ReadView>
      <MonthlyReportCard />
      <CertificatesCard />
    </section>
  );
}

function MonthlyReportCard() {
  const [mes, setMes] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reporte mensual</CardTitle>
        <CardDescription>
          Una fila por beneficiario del mes liquidado, para la declaración de retención.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-4">
        <TextField label="Mes (AAAA-MM)" placeholder="2026-11" value={mes} onValueChange={setMes} />
        <Button
          variant="outline"
          disabled={busy || !/^\d{4}-\d{2}$/.test(mes)}
          onClick={async () => {
            setBusy(true);
            await download(`${RETENCION_API}/reporte`, { mes }, `retencion-en-la-fuente-${mes}.xlsx`);
            setBusy(false);
          }}
        >
          {busy ? <Spinner label="Descargando" /> : <FileSpreadsheetIcon />}
          Descargar Excel
        </Button>
      </CardContent>
    </Card>
  );
}

function CertificatesCard() {
  const [anio, setAnio] = useState(String(new Date().getFullYear() - 1));
  const [progress, setProgress] = useState<string | null>(null);
  // One bounded step per call (decision 0451): the screen calls again until the run is done.
  const write = useWrite<number, { generados: number }>({
    send: async (year) => {
      let step = (await certificateStep(year, true)).data;
      while (!step.done) {
        setProgress(`${formatNumber(step.generados)} certificados generados…`);
        step = (await certificateStep(year, false)).data;
      }
      return step;
    },
    success: (r) => `Certificados generados y enviados: ${formatNumber(r.generados)}`,
    onSaved: () => setProgress(null),
    errors: 'notify',
  });
  const year = Number(anio);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Certificados de ingresos y retenciones</CardTitle>
        <CardDescription>
          Genera el certificado de cada miembro con pagos en el año y le avisa por correo. Se entregan a más
          tardar el 31 de marzo.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-4">
        <TextField
          label="Año"
          inputMode="numeric"
          value={anio}
          onValueChange={setAnio}
          disabled={write.busy}
        />
        <Button disabled={write.busy || !/^\d{4}$/.test(anio)} onClick={() => void write.run(year)}>
          {write.busy ? <Spinner label="Generando" /> : <MailIcon />}
          Generar y enviar: {certificateTitle(year || 0)}
        </Button>
        {progress && (
          <p role="status" className="text-sm text-muted-foreground">
            {progress}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
