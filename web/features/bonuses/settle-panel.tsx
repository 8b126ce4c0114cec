// 'Liquidar ciclo': pick a closed Bogotá month, preview it (dry run, paged), then settle it after
// the spec's confirmation; a long run goes on in the background and the cycles table follows it.
import { MSG } from '@shared/messages';
import { CalculatorIcon, EyeIcon, PlayIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { SelectField } from '@/components/form/select-field';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney, plural } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { type Cycle, getPreviewSums, type PreviewPage, settleCycle } from '@/features/bonuses/bonus-api';
import { closedMonths, cycleLabel } from '@/features/bonuses/cycle-label';
import { loadPreview, PreviewParts, PreviewTable } from '@/features/bonuses/preview-table';
import { STATE } from '@shared/workflow';

type Props = { cycles: Cycle[]; onSettled: (clave: string) => void };

export function SettlePanel({ cycles, onSettled }: Props) {
  const months = useMemo(() => closedMonths(), []);
  const [clave, setClave] = useState(months[0] ?? '');
  const [preview, setPreview] = useState<{ clave: string; data: PreviewPage } | null>(null);
  const [confirm, setConfirm] = useState(false);
  const state = (key: string) => cycles.find((c) => c.clave === key)?.estado;
  const settled = state(clave) === STATE.LIQUIDADO;
  const options = months.map((m) => ({
    value: m,
    label: `${cycleLabel(m)}${state(m) === STATE.LIQUIDADO ? ' (liquidado)' : state(m) ? ' (en proceso)' : ''}`,
  }));

  const previewing = useWrite({
    send: (key: string) => loadPreview(key, 1),
    success: null,
    errors: 'notify',
    fallback: MSG.loadError,
    onSaved: (data, key) => setPreview({ clave: key, data }),
  });
  const settling = useWrite({
    send: (key: string) => settleCycle(key),
    success: null,
    errors: 'notify',
    onSaved: (res, key) => {
      if (res.data.segundoPlano) toast.info(res.message);
      else if (res.data.estado === STATE.EN_CURSO) toast.warning(res.message);
      else if (res.data.estado === 'YA_LIQUIDADO') toast.info(MSG.cycleAlreadySettled(cycleLabel(key)));
      // What was written, as the confirmation announced it.
      else
        toast.success(
          `${cycleLabel(key)} liquidado: ${plural(res.data.usuarios, 'usuario', 'usuarios')}, ${plural(res.data.lineas, 'línea', 'líneas')}, total ${formatMoney(res.data.total)}.`,
        );
      setPreview(null);
      onSettled(key);
    },
  });
  const busy = previewing.busy ? 'preview' : settling.busy ? 'settle' : null;
  const runPreview = () => void previewing.run(clave);
  const settle = () => {
    setConfirm(false);
    void settling.run(clave);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalculatorIcon aria-hidden className="size-5 text-primary" />
          Liquidar ciclo
        </CardTitle>
        <CardDescription>
          Solo se liquidan meses cerrados (hora de Bogotá). La vista previa no guarda nada.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Mes a liquidar"
            className="w-full sm:w-64"
            value={clave}
            options={options}
            placeholder="Seleccione un mes"
            onValueChange={(v) => {
              setClave(v);
              setPreview(null);
            }}
          />
          <div className="flex gap-2 pb-px">
            <Button variant="outline" disabled={!clave || busy !== null} onClick={runPreview}>
              {busy === 'preview' ? <Spinner /> : <EyeIcon />}
              Vista previa
            </Button>
            <Button disabled={!clave || settled || busy !== null} onClick={() => setConfirm(true)}>
              {busy === 'settle' ? <Spinner /> : <PlayIcon />}
              Liquidar
            </Button>
          </div>
        </div>
        {settled && (
          <p className="text-sm text-muted-foreground">
            {cycleLabel(clave)} ya fue liquidado: consulta sus usuarios en la lista de ciclos.
          </p>
        )}
        {preview && preview.clave === clave && (
          <PreviewTable key={preview.clave} clave={preview.clave} first={preview.data} />
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        onConfirm={settle}
        description={<SettleSummary clave={clave} />}
      />
    </Card>
  );
}

/** What the confirmation settles: the month and its dry run's sums, then the spec's question. */
function SettleSummary({ clave }: { clave: string }) {
  const sums = useRead(keyOf('/bonos/ciclos/preview', { clave }), (signal) => getPreviewSums(clave, signal));
  return (
    <>
      <span className="block font-medium text-foreground">
        {cycleLabel(clave)}:{' '}
        {sums.status === 'ready'
          ? `${plural(sums.data.usuarios, 'usuario', 'usuarios')}, ${plural(sums.data.lineas, 'línea', 'líneas')}, total ${formatMoney(sums.data.total)}.`
          : sums.status === 'error'
            ? 'no se pudieron calcular los totales.'
            : 'calculando los totales…'}
      </span>
      {sums.status === 'ready' && sums.data.usuarios > 0 && (
        <span className="mt-2 block">
          <PreviewParts sums={sums.data} />
        </span>
      )}
      <span className="mt-2 block">{MSG.confirmText}</span>
    </>
  );
}
