// Mi cuenta → Privacidad (docs/privacy.md «Aviso y autorizaciones»): each purpose of the notice in
// force with the member's standing, to grant or revoke (a sensitive one's revocation clears its
// data at once, decision 0403: asked first), his ledger newest first, its PDF proof, and which area
// of the company consulted which of his data and when (decision 0405).
import { MSG } from '@shared/messages';
import { DownloadIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AccessList } from '@/components/privacy/access-list';
import {
  ACCESS_PATH,
  decide,
  downloadProof,
  getAccesses,
  getLedger,
  getNotice,
  LEDGER_PATH,
  NOTICE_PATH,
  type Purpose,
} from '@/lib/privacy-api';
import { notifyError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { invalidate, keyOf, useRead } from '@/lib/query';

export function PrivacyCard() {
  const notice = useRead(keyOf(NOTICE_PATH), async (signal) => (await getNotice(signal)).data);
  const ledger = useRead(keyOf(LEDGER_PATH), async (signal) => (await getLedger(signal)).data);
  const accesses = useRead(keyOf(ACCESS_PATH), async (signal) => (await getAccesses(signal)).data);
  const [asking, setAsking] = useState<Purpose | null>(null);
  const [busy, setBusy] = useState(false);

  const standing = new Map<string, boolean>();
  if (ledger.status === 'ready')
    for (const e of ledger.data) if (!standing.has(e.finalidad)) standing.set(e.finalidad, e.otorgada);

  const send = async (f: Purpose, otorgada: boolean) => {
    setBusy(true);
    try {
      await decide(f.codigo, otorgada);
      toast.success(otorgada ? `Autorizaste: ${f.nombre}` : `Revocaste: ${f.nombre}`);
      await invalidate(LEDGER_PATH, '/general/perfil', '/general/validacionIdentidad');
    } catch (err) {
      notifyError(err, MSG.requestError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheckIcon aria-hidden className="size-5" /> Privacidad
          </CardTitle>
          <CardDescription>
            Lo que autorizaste del aviso de privacidad
            {notice.status === 'ready' ? ` (versión ${notice.data.version})` : ''}. Los datos sensibles son
            opcionales: si revocas una finalidad sensible, borramos de inmediato los datos que cubre de tu
            perfil y de su publicación.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => void downloadProof()}>
          <DownloadIcon aria-hidden /> Descargar prueba (PDF)
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {(notice.status !== 'ready' || ledger.status !== 'ready') && <Skeleton className="h-40" />}
        {notice.status === 'ready' && ledger.status === 'ready' && (
          <>
            <ul className="grid gap-3" aria-label="Finalidades">
              {notice.data.finalidades.map((f) => {
                const granted = standing.get(f.codigo) === true;
                return (
                  <li
                    key={f.codigo}
                    className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3"
                  >
                    <div className="grid max-w-prose gap-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {f.nombre}
                        {f.obligatoria && <Badge variant="secondary">Obligatoria</Badge>}
                        {f.sensible && <Badge variant="outline">Dato sensible</Badge>}
                        <Badge variant={granted ? 'default' : 'outline'}>
                          {granted ? 'Otorgada' : 'No otorgada'}
                        </Badge>
                      </p>
                      <p className="text-xs text-muted-foreground">{f.texto}</p>
                    </div>
                    {!f.obligatoria &&
                      (granted ? (
                        <Button variant="outline" disabled={busy} onClick={() => setAsking(f)}>
                          Revocar
                        </Button>
                      ) : (
                        <Button disabled={busy} onClick={() => void send(f, true)}>
                          Autorizar
                        </Button>
                      ))}
                    {f.obligatoria && !granted && (
                      <Button disabled={busy} onClick={() => void send(f, true)}>
                        Aceptar
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">Historial de autorizaciones</h3>
              {ledger.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">Aún no hay autorizaciones registradas.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <thead>
                      <tr className="text-start text-muted-foreground">
                        <th className="py-1 pe-3 text-start font-medium">Fecha</th>
                        <th className="py-1 pe-3 text-start font-medium">Finalidad</th>
                        <th className="py-1 pe-3 text-start font-medium">Decisión</th>
                        <th className="py-1 pe-3 text-start font-medium">Versión</th>
                        <th className="py-1 text-start font-medium">Canal</th>
                      </tr>
                    </thead>
                    <tbody>
                      {ledger.data.map((e, i) => (
                        <tr key={i} className="border-t">
                          <td className="py-1 pe-3 whitespace-nowrap">{formatDateTime(e.fecha)}</td>
                          <td className="py-1 pe-3">
                            {notice.data.finalidades.find((f) => f.codigo === e.finalidad)?.nombre ??
                              e.finalidad}
                          </td>
                          <td className="py-1 pe-3">{e.otorgada ? 'Otorgada' : 'Revocada'}</td>
                          <td className="py-1 pe-3">{e.version}</td>
                          <td className="py-1">{e.canal}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </>
        )}
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Quién consultó tus datos</h3>
          <p className="text-xs text-muted-foreground">
            Cada vez que una persona de la empresa ve completos tu documento, tu celular, tus datos de pago,
            tus documentos de identidad o tus datos sensibles, queda registrado aquí.
          </p>
          {accesses.status === 'ready' ? (
            <AccessList
              rows={accesses.data}
              label="Consultas de tus datos"
              empty="Nadie de la empresa ha consultado tus datos."
            />
          ) : accesses.status === 'error' ? (
            <p className="text-sm text-destructive">{MSG.loadError}</p>
          ) : (
            <Skeleton className="h-16" />
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={!!asking}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Revocar autorización"
        description={
          asking
            ? `Si revocas «${asking.nombre}», borraremos de inmediato los datos que cubre de tu perfil y de su publicación. ¿Deseas continuar?`
            : undefined
        }
        confirmLabel="Revocar"
        destructive
        onConfirm={() => {
          const f = asking;
          setAsking(null);
          if (f) void send(f, false);
        }}
      />
    </Card>
  );
}
