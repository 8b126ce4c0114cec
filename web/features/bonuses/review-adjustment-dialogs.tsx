// The adjustment dialogs: record a credit or debit on a member's cycle (with a reason), and
// reject a pending one (with a required comment).
import { MSG } from '@shared/messages';
import { adjustmentSchema, rejectSchema } from '@shared/schemas/bonus-review';
import { PlusIcon, XIcon } from 'lucide-react';
import { FormActions } from '@/components/form/form-actions';
import { MoneyField } from '@/components/form/money-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { AppDialog } from '@/components/ui/dialog';
import { useId } from 'react';
import { formatMoney } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';
import { useDebounced } from '@/lib/use-debounced';
import { listCycleUsers } from '@/features/bonuses/bonus-api';
import { useApiForm } from '@/lib/use-api-form';
import { type Adjustment, createAdjustment, rejectAdjustment } from '@/features/bonuses/review-api';

const KINDS = [
  { value: 'CREDITO', label: 'Crédito (suma)' },
  { value: 'DEBITO', label: 'Débito (resta)' },
];

type CreateProps = { open: boolean; cicloId: number; clave: string; onClose: () => void; onDone: () => void };

export function CreateAdjustmentDialog({ open, cicloId, clave, onClose, onDone }: CreateProps) {
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={<>Nuevo ajuste en el ciclo {clave}</>}
      description="El ajuste queda pendiente y solo cuenta cuando otro administrador lo aprueba."
    >
      {open && <CreateForm cicloId={cicloId} onClose={onClose} onDone={onDone} />}
    </AppDialog>
  );
}

function CreateForm({
  cicloId,
  onClose,
  onDone,
}: {
  cicloId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useApiForm({
    defaultValues: { usuario: '', tipo: 'CREDITO', monto: null as number | null, motivo: '' },
    schema: adjustmentSchema,
    // The sign is the «Tipo»: a minus typed in the amount would turn a debit into a credit.
    precheck: ({ monto }): Record<string, string> =>
      monto === null
        ? { monto: MSG.required }
        : monto <= 0
          ? { monto: 'Escribe el monto sin signo: el tipo dice si suma o resta' }
          : {},
    toBody: (v) => ({
      usuario: v.usuario,
      monto: v.tipo === 'DEBITO' ? -(v.monto ?? 0) : (v.monto ?? 0),
      motivo: v.motivo,
    }),
    send: (body) => createAdjustment(cicloId, body),
    invalidates: [`/bonos/ciclos/${cicloId}`],
    onSaved: () => onDone(),
  });
  const suggestionsId = useId();
  return (
    <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
      <TextField
        label="Usuario"
        required
        autoComplete="off"
        list={suggestionsId}
        {...form.field('usuario')}
        hint="El nombre de usuario del miembro (debe tener bonificación en este ciclo): escriba dos letras para ver sugerencias"
      />
      <CycleUserSuggestions id={suggestionsId} cicloId={cicloId} text={form.values.usuario} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo"
          required
          options={KINDS}
          value={form.values.tipo}
          onValueChange={(v) => form.set('tipo', v)}
        />
        <MoneyField label="Monto" required {...form.field('monto')} />
      </div>
      <TextareaField label="Motivo" required rows={3} maxLength={500} {...form.field('motivo')} />
      <FormActions
        busy={form.busy}
        variant="dialog"
        onCancel={onClose}
        label="Registrar"
        icon={<PlusIcon />}
      />
    </form>
  );
}

/**
 * The members of this cycle whose user name contains what was typed (two letters or more), as the
 * input's native suggestions: an adjustment can only go to a member with a row in the cycle.
 */
function CycleUserSuggestions({ id, cicloId, text }: { id: string; cicloId: number; text: string }) {
  const typed = useDebounced(text.trim(), 250);
  const query = { page: '1', perPage: '10', filters: JSON.stringify({ user_name: typed }) };
  const found = useRead(
    typed.length >= 2 ? keyOf(`/bonos/ciclos/${cicloId}/usuarios`, query) : null,
    (signal) => listCycleUsers(cicloId, query, signal),
    { keepPrevious: true },
  );
  return (
    <datalist id={id}>
      {found.data?.data.map((r) => (
        <option key={r.id} value={r.user_name}>
          {`${r.nombres} ${r.apellidos}`.trim()}
        </option>
      ))}
    </datalist>
  );
}

type RejectProps = { adjustment: Adjustment | null; onClose: () => void; onDone: () => void };

export function RejectAdjustmentDialog({ adjustment, onClose, onDone }: RejectProps) {
  return (
    <AppDialog
      open={!!adjustment}
      onClose={onClose}
      title="Rechazar ajuste"
      description={
        <>
          {adjustment &&
            `${formatMoney(adjustment.monto)} para ${adjustment.user_name}: ${adjustment.motivo}`}
        </>
      }
    >
      {adjustment && <RejectForm adjustment={adjustment} onClose={onClose} onDone={onDone} />}
    </AppDialog>
  );
}

function RejectForm({
  adjustment,
  onClose,
  onDone,
}: {
  adjustment: Adjustment;
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useApiForm({
    defaultValues: { comentario: '' },
    schema: rejectSchema,
    toBody: (v) => ({ comentario: v.comentario, version: adjustment.version }),
    send: (body) => rejectAdjustment(adjustment.id, body),
    onSaved: () => onDone(),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
      <TextareaField label="Comentario" required rows={3} maxLength={500} {...form.field('comentario')} />
      <FormActions busy={form.busy} variant="dialog" onCancel={onClose} label="Rechazar" icon={<XIcon />} />
    </form>
  );
}
