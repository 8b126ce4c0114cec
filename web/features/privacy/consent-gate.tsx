// After sign-in, the acceptance of a new version of the privacy notice (decision 0402): when the
// member has not accepted the version in force, a dialog shows its text and the purposes that
// changed since the version he accepted; the mandatory ones are accepted with the button, each
// sensitive one only if he ticks it. «Más tarde» closes it until his next visit (this tab).
import { MSG } from '@shared/messages';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { AppDialog, DialogFooter } from '@/components/ui/dialog';
import { accept, getPending, PENDING_PATH } from '@/lib/privacy-api';
import { PurposeChecklist } from '@/components/privacy/purpose-checklist';
import { notifyError } from '@/lib/api-errors';
import { keyOf, useRead } from '@/lib/query';
import { useHydrated } from '@/lib/use-hydrated';

const LATER_KEY = 'aviso-privacidad-despues';

export function ConsentGate() {
  const hydrated = useHydrated();
  const pending = useRead(
    hydrated ? keyOf(PENDING_PATH) : null,
    async (signal) => (await getPending(signal)).data,
  );
  const [later, setLater] = useState(() =>
    typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(LATER_KEY),
  );
  const [ticked, setTicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  if (pending.status !== 'ready' || !pending.data.pendiente) return null;
  const { version, texto, finalidades, aceptada } = pending.data;
  if (later === String(version)) return null;
  const mandatory = finalidades.filter((f) => f.obligatoria).map((f) => f.codigo);
  const postpone = () => {
    sessionStorage.setItem(LATER_KEY, String(version));
    setLater(String(version));
  };
  const submit = async () => {
    setBusy(true);
    try {
      const res = await accept(
        version,
        ticked.filter((c) => !mandatory.includes(c)),
      );
      toast.success(res.message);
      pending.reload();
    } catch (err) {
      notifyError(err, MSG.requestError);
    } finally {
      setBusy(false);
    }
  };
  // The mandatory purposes are accepted by the button: the list shows them ticked, and fixed.
  const shown = [...new Set([...mandatory, ...ticked])];
  return (
    <AppDialog
      open
      onClose={postpone}
      title="Actualizamos el aviso de privacidad"
      description={
        <>
          {aceptada
            ? `Versión ${version}: revisa lo que cambió desde la versión ${aceptada} que aceptaste.`
            : `Versión ${version}: léelo y acéptalo para seguir usando la plataforma.`}
        </>
      }
      className="sm:max-w-2xl"
    >
      <div className="max-h-40 overflow-y-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-3 text-sm leading-relaxed">
        {texto}
      </div>
      {finalidades.length > 0 && (
        <PurposeChecklist
          idPrefix="aviso-nuevo"
          purposes={finalidades}
          value={shown}
          onChange={(codes) => setTicked(codes.filter((c) => !mandatory.includes(c)))}
        />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={postpone} disabled={busy}>
          Más tarde
        </Button>
        <Button onClick={() => void submit()} disabled={busy}>
          {busy ? 'Guardando...' : 'Aceptar el aviso'}
        </Button>
      </DialogFooter>
    </AppDialog>
  );
}
