// A new version of the privacy notice is asked of each member at his next sign-in (decision 0400):
// a dialog with what changed, the mandatory purposes accepted with it and each sensitive purpose
// offered unticked. It closes only once the new version is accepted.
import { MSG } from '@shared/messages';
import { OPTIONAL_SENSITIVE } from '@shared/privacy';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { notifyError } from '@/lib/api-errors';
import { acceptNotice, getPending } from '@/lib/privacy-api';

type Pending = Awaited<ReturnType<typeof getPending>>['data'];

export function PendingNotice() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    getPending(ctl.signal).then(
      (r) => {
        const d = r.data;
        setPending(d);
        if (d.pendiente) setChosen(d.otorgadas.filter((c) => !d.cambiadas.includes(c)));
      },
      () => undefined,
    );
    return () => ctl.abort();
  }, []);
  if (!pending?.pendiente) return null;
  const changed = pending.finalidades.filter((f) => pending.cambiadas.includes(f.codigo));
  const accept = async () => {
    setBusy(true);
    try {
      const res = await acceptNotice(pending.version, chosen);
      toast.success(res.message);
      setPending(res.data);
    } catch (err) {
      notifyError(err, MSG.requestError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={() => undefined}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Actualizamos el aviso de privacidad (versión {pending.version})</DialogTitle>
          <DialogDescription>{pending.texto}</DialogDescription>
        </DialogHeader>
        <div className="grid max-h-[50vh] gap-3 overflow-y-auto">
          <p className="text-sm font-medium">Lo que cambió:</p>
          {changed.map((f) => (
            <div key={f.codigo} className="flex items-start gap-2">
              {f.obligatoria ? (
                <span className="text-xs font-medium">Obligatoria</span>
              ) : (
                <Checkbox
                  id={`pend-${f.codigo}`}
                  checked={chosen.includes(f.codigo)}
                  onCheckedChange={(on) =>
                    setChosen(on === true ? [...chosen, f.codigo] : chosen.filter((c) => c !== f.codigo))
                  }
                />
              )}
              <div className="grid gap-0.5">
                <Label htmlFor={`pend-${f.codigo}`}>{f.nombre}</Label>
                <p className="text-xs text-muted-foreground">{f.texto}</p>
              </div>
            </div>
          ))}
          {changed.some((f) => f.sensible) && <p className="text-sm">{OPTIONAL_SENSITIVE}</p>}
        </div>
        <DialogFooter>
          <Button onClick={() => void accept()} disabled={busy}>
            Acepto el aviso de privacidad
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
