// An administrator confirms one of the three options; the requester gets it by e-mail.
import { MSG } from '@shared/messages';
import { confirmDemoSchema } from '@shared/schemas/help';
import { useEffect } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { AppDialog, DialogFooter } from '@/components/ui/dialog';
import { confirmDemo, type Demo } from '@/features/help/help-api';
import { cn } from '@/lib/cn';
import { useApiForm } from '@/lib/use-api-form';

type Props = { demo: Demo | null; onClose: () => void; onDone: () => void };

export function ConfirmDemoDialog({ demo, onClose, onDone }: Props) {
  const now = Date.now();
  const form = useApiForm({
    defaultValues: { opcion_id: null as number | null, comentario: '' },
    schema: confirmDemoSchema,
    toBody: (v) => ({ opcion_id: v.opcion_id, comentario: v.comentario.trim() || null }),
    send: (body) => confirmDemo(demo!.id, body),
    success: MSG.updated,
    onSaved: () => {
      onDone();
      onClose();
    },
    errors: 'notify',
  });
  const { busy, setValues, setErrors } = form;
  useEffect(() => {
    setValues({ opcion_id: demo?.opciones.find((o) => o.fecha_at > Date.now())?.id ?? null, comentario: '' });
    setErrors({});
  }, [demo, setValues, setErrors]);
  const choice = form.values.opcion_id;
  const confirm = () => {
    if (!demo || !choice) return;
    form.onSubmit();
  };

  return (
    <AppDialog
      open={!!demo}
      onClose={onClose}
      busy={busy}
      title={<>Confirmar demostración #{demo?.id}</>}
      description={
        <>
          {demo?.empresa} · {demo?.nombre} ({demo?.email}). Elige la fecha; se enviará por correo al
          solicitante.
        </>
      }
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Fecha a confirmar (hora de Bogotá)</legend>
        {demo?.opciones.map((o) => {
          const past = o.fecha_at <= now;
          return (
            <label
              key={o.id}
              className={cn(
                'flex items-center gap-3 rounded-md border px-3 py-2 text-sm',
                choice === o.id && 'border-primary bg-accent',
                past ? 'opacity-50' : 'cursor-pointer',
              )}
            >
              <input
                type="radio"
                name="opcion"
                aria-label={`Opción ${o.orden}: ${o.fecha}`}
                className="accent-primary"
                checked={choice === o.id}
                disabled={past || busy}
                onChange={() => form.set('opcion_id', o.id)}
              />
              <span className="font-medium">Opción {o.orden}</span>
              <span>{o.fecha}</span>
              {past && <span className="ms-auto text-xs text-muted-foreground">Ya pasó</span>}
            </label>
          );
        })}
        {form.errors.opcion_id && <p className="text-xs text-destructive">{form.errors.opcion_id}</p>}
      </fieldset>
      <TextareaField
        label="Comentario"
        hint="Opcional; se incluye en el correo"
        rows={3}
        maxLength={1000}
        {...form.field('comentario')}
        disabled={busy}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button onClick={confirm} disabled={busy || !choice}>
          {busy && <Spinner />}
          Confirmar
        </Button>
      </DialogFooter>
    </AppDialog>
  );
}
