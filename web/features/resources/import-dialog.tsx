// Import of a registry table (decision 0051): pick an .xlsx or .csv, see the preview with the
// row-by-row errors (a dry run on the server), then apply it in one transaction.
import type { ResourceDef } from '@shared/resource-types';
import { FileUpIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FilePickButton } from '@/components/upload/file-pick-button';
import { UploadProgress } from '@/components/upload/upload-progress';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AppDialog, DialogFooter } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { joinFieldErrors } from '@/lib/api-errors';
import { forgetServedAnswers, invalidate } from '@/lib/query';
import { upload } from '@/lib/transfer';
import { type ImportReport, ImportReportView } from '@/features/resources/import-report';
import { plural } from '@/lib/format';

type Phase =
  | { step: 'idle' }
  | { step: 'sending'; percent: number; applying: boolean }
  | { step: 'ready'; report: ImportReport; file: File };

export function ImportButton({ def, onImported }: { def: ResourceDef; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const keyLabels = (def.unique[0] ?? [def.labelField])
    .map((f) => def.fields.find((x) => x.name === f)?.label ?? f)
    .join(' y ');

  async function send(file: File, apply: boolean) {
    setError(null);
    setPhase({ step: 'sending', percent: 0, applying: apply });
    const form = new FormData();
    form.append('file', file);
    try {
      const res = await upload<{ data: ImportReport; message?: string }>(
        `${def.endpoint}/import${apply ? '?aplicar=1' : ''}`,
        form,
        {
          onProgress: (percent) => setPhase({ step: 'sending', percent, applying: apply }),
        },
      );
      if (apply) {
        toast.success(res.message ?? 'Importación completada');
        // The rows just written are read again, also on a page the server drew (decision 0463).
        forgetServedAnswers();
        await invalidate(def.endpoint);
        setOpen(false);
        setPhase({ step: 'idle' });
        onImported();
      } else setPhase({ step: 'ready', report: res.data, file });
    } catch (err) {
      setError(
        err instanceof ApiError
          ? err.status === 422
            ? joinFieldErrors(err)
            : err.message
          : 'Ocurrio un error al enviar la informacion',
      );
      setPhase({ step: 'idle' });
    }
  }

  const report = phase.step === 'ready' ? phase.report : null;
  const rows = report ? report.crear + report.actualizar : 0;
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <FileUpIcon />
        Importar
      </Button>
      <AppDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setPhase({ step: 'idle' });
          setError(null);
        }}
        busy={phase.step === 'sending'}
        title={`Importar ${def.label.toLowerCase()}`}
        description={`Archivo .xlsx o .csv con una fila de encabezados como los de la exportación a Excel. Cada fila crea un registro o actualiza el que tenga el mismo ${keyLabels.toLowerCase()}; nada se guarda si alguna fila tiene errores.`}
        className="sm:max-w-3xl"
      >
        <div className="flex flex-wrap items-center gap-3">
          <FilePickButton
            label={report ? 'Elegir otro archivo' : 'Elegir archivo'}
            accept=".xlsx,.csv,text/csv"
            disabled={phase.step === 'sending'}
            onFiles={([f]) => f && send(f, false)}
          />
          {phase.step === 'ready' && <span className="text-sm text-muted-foreground">{phase.file.name}</span>}
        </div>
        {phase.step === 'sending' && (
          <div className="grid gap-1" aria-live="polite">
            <UploadProgress
              value={phase.percent}
              label={phase.applying ? 'Progreso de la importación' : 'Progreso de la validación'}
            />
            <span className="text-sm text-muted-foreground">
              {phase.percent < 100
                ? 'Enviando el archivo…'
                : phase.applying
                  ? 'Guardando los registros…'
                  : 'Validando las filas…'}
            </span>
          </div>
        )}
        {error && (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {report && <ImportReportView report={report} />}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={phase.step === 'sending'}
            onClick={() => setOpen(false)}
          >
            Cancelar
          </Button>
          <Button
            type="button"
            disabled={!report || report.errores_total > 0 || rows === 0}
            onClick={() => phase.step === 'ready' && send(phase.file, true)}
          >
            {rows ? `Importar ${plural(rows, 'fila', 'filas')}` : 'Importar'}
          </Button>
        </DialogFooter>
      </AppDialog>
    </>
  );
}
