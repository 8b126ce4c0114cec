// Bulk payment: 'Desea cambiar el estado a PAGADO?' for the selected rows, with an optional
// comentario → PUT /bonos/ciclobonificacionuser/estado {ids, estado, comentario}. The comment is
// checked with the route's own state-change schema; the ids are added per call.
import { stateChangeSchema } from '@shared/schemas/state';
import { STATE, confirmQuestion } from '@shared/workflow';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { StateDialog } from '@/components/status/state-dialog';
import { formatMoney, formatNumber, plural, updatedMessage } from '@/lib/format';
import { useApiForm } from '@/lib/use-api-form';
import { payLines } from '@/features/bonuses/bonus-api';
import { type Selection, selectedTotal } from '@/features/bonuses/selection';

type Props = { open: boolean; selection: Selection; onClose: () => void; onDone: () => void };

export function PayDialog({ open, selection, onClose, onDone }: Props) {
  const form = useApiForm({
    defaultValues: { comentario: '' },
    schema: stateChangeSchema,
    toBody: (v) => ({ estado: STATE.PAGADO, comentario: v.comentario.trim() || null }),
    // The API takes at most 1000 ids per call.
    send: async ({ comentario }) => {
      const ids = [...selection.keys()];
      let ok = 0;
      let failed = 0;
      for (let i = 0; i < ids.length; i += 1000) {
        const res = await payLines({
          ids: ids.slice(i, i + 1000),
          estado: STATE.PAGADO,
          comentario,
        });
        ok += res.actualizados;
        failed += res.fallidos;
      }
      return { ok, failed };
    },
    success: ({ ok, failed }) => (failed > 0 ? null : updatedMessage(ok)),
    onSaved: ({ ok, failed }) => {
      if (failed > 0)
        toast.warning(
          `Se actualizaron ${formatNumber(ok)} de ${plural(ok + failed, 'registro', 'registros')}`,
        );
      onDone();
    },
    errors: 'notify',
  });
  const { busy, setValues, setErrors } = form;
  useEffect(() => {
    setValues({ comentario: '' });
    setErrors({});
  }, [open, setValues, setErrors]);
  const pay = () => form.onSubmit();

  return (
    <StateDialog
      state={open ? STATE.PAGADO : null}
      busy={busy}
      title="Marcar como PAGADO"
      description={
        <>
          {confirmQuestion(STATE.PAGADO)} {formatNumber(selection.size)}{' '}
          {selection.size === 1 ? 'registro' : 'registros'} por {formatMoney(selectedTotal(selection))}.
        </>
      }
      hint="Opcional, p. ej. el número del lote de transferencias"
      comentario={form.values.comentario}
      onComentarioChange={(v) => form.set('comentario', v)}
      error={form.errors.comentario}
      onCancel={onClose}
      onConfirm={pay}
    />
  );
}
