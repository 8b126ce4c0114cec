// An administrator confirms one of the three options; the requester gets it by e-mail.
import { MSG } from '@shared/messages';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { confirmDemo, type Demo } from '@/features/help/help-api';
import { cn } from '@/lib/cn';
import { useWrite } from '@/lib/mutation';

type Props = { demo: Demo | null; onClose: () => void; onDone: () => void };

export function ConfirmDemoDialog({ demo, onClose, onDone }: Props) {
  const [choice, setChoice] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const now = Date.now();
  useEffect(() => {
    setChoice(demo?.opciones.find((o) => o.fecha_at > Date.now())?.id ?? null);
    setComentario('');
  }, [demo]);

  const write = useWrite({
    send: (d: NonNullable<typeof demo>) =>
      confirmDemo(d.id, { opcion_id: choice!, comentario: comentario.trim() || null }),
    success: MSG.updated,
    onSaved: () => {
      onDone();
      onClose();
    },
    errors: 'notify',
  });
  const busy = write.busy;
  const confirm = async () => {
    if (!demo || !choice) return;
    await write.run(demo);
  };

  return (
    <Dialog open={!!demo} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirmar demostración #{demo?.id}</DialogTitle>
          <DialogDescription>
            {demo?.empresa} · {demo?.nombre} ({demo?.email}). Elige la fecha; se enviará por correo al
            solicitante.
          </DialogDescription>
        </DialogHeader>
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
                  onChange={() => setChoice(o.id)}
                />
                <span className="font-medium">Opción {o.orden}</span>
                <span>{o.fecha}</span>
                {past && <span className="ms-auto text-xs text-muted-foreground">Ya pasó</span>}
              </label>
            );
          })}
        </fieldset>
        <TextareaField
          label="Comentario"
          hint="Opcional; se incluye en el correo"
          rows={3}
          maxLength={1000}
          value={comentario}
          onValueChange={setComentario}
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
      </DialogContent>
    </Dialog>
  );
}
