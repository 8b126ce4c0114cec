// Mi cuenta → Privacidad (decisions 0401, 0402): the purposes of the notice in force with what the
// member holds granted, each one granted or revoked here; the ledger with its PDF proof; and which
// area of the company consulted which of his data, and when.
import { CONSENT_CHANNELS } from '@shared/privacy';
import { MSG } from '@shared/messages';
import { DownloadIcon, ShieldIcon } from 'lucide-react';
import { toast } from 'sonner';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/feedback/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { notifyError } from '@/lib/api-errors';
import { keyOf, useRead } from '@/lib/query';
import { getAccesses, getLedger, getNotice, PROOF_URL, setConsent } from '@/lib/privacy-api';

const when = (iso: string) =>
  new Date(iso).toLocaleString('es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

export default function PrivacyPage() {
  const state = useRead(keyOf('/privacidad'), async (signal) => {
    const [notice, ledger, accesses] = await Promise.all([
      getNotice(signal),
      getLedger(signal),
      getAccesses(signal),
    ]);
    return { notice: notice.data, ledger: ledger.data, accesses: accesses.data };
  });
  const { reload } = state;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={4} />;
  const { notice, ledger, accesses } = state.data;
  const granted = (codigo: string) => ledger.find((r) => r.finalidad === codigo)?.otorgada === true;
  const nameOf = (codigo: string) => notice.finalidades.find((f) => f.codigo === codigo)?.nombre ?? codigo;
  const change = async (codigo: string, on: boolean) => {
    try {
      const res = await setConsent(codigo, on);
      toast.success(res.message);
      reload();
    } catch (err) {
      notifyError(err, MSG.requestError);
    }
  };
  return (
    <section className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Privacidad"
        description="Mi cuenta → Privacidad: tus autorizaciones y quién consultó tus datos."
      />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldIcon className="size-5" /> Privacidad
          </CardTitle>
          <CardDescription>
            Tus autorizaciones para el tratamiento de datos (aviso versión {notice.version}). Revocar una
            finalidad sensible borra de inmediato los datos que cubre de tu perfil y de su publicación.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ul className="grid gap-3" aria-label="Finalidades">
            {notice.finalidades.map((f) => (
              <li key={f.codigo} className="flex items-start justify-between gap-4">
                <div className="grid gap-0.5">
                  <span className="text-sm font-medium">
                    {f.nombre} {f.sensible && <Badge variant="outline">Dato sensible</Badge>}
                  </span>
                  <span className="text-xs text-muted-foreground">{f.texto}</span>
                </div>
                <Switch
                  aria-label={`Autorizar ${f.nombre}`}
                  checked={granted(f.codigo)}
                  disabled={f.obligatoria}
                  onCheckedChange={(on) => void change(f.codigo, on)}
                />
              </li>
            ))}
          </ul>
          <div className="grid gap-2">
            <div className="flex items-center justify-between">
              <h3 className="text-sm font-semibold">Historial de autorizaciones</h3>
              <Button asChild variant="outline" size="sm">
                <a href={PROOF_URL} download>
                  <DownloadIcon /> Descargar prueba (PDF)
                </a>
              </Button>
            </div>
            <table className="w-full text-sm" aria-label="Historial de autorizaciones">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1">Fecha</th>
                  <th>Finalidad</th>
                  <th>Decisión</th>
                  <th>Versión</th>
                  <th>Canal</th>
                </tr>
              </thead>
              <tbody>
                {ledger.map((r) => (
                  <tr key={r.id} className="border-t">
                    <td className="py-1">{when(r.fecha)}</td>
                    <td>{nameOf(r.finalidad)}</td>
                    <td>{r.otorgada ? 'Otorgada' : 'Revocada'}</td>
                    <td>{r.version}</td>
                    <td>{CONSENT_CHANNELS[r.canal as keyof typeof CONSENT_CHANNELS] ?? r.canal}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">Quién consultó tus datos</h3>
            {accesses.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nadie de la empresa ha consultado tus datos sensibles.
              </p>
            ) : (
              <table className="w-full text-sm" aria-label="Quién consultó tus datos">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="py-1">Fecha</th>
                    <th>Área</th>
                    <th>Dato</th>
                    <th>Rol</th>
                  </tr>
                </thead>
                <tbody>
                  {accesses.map((a, i) => (
                    <tr key={i} className="border-t">
                      <td className="py-1">{when(a.fecha)}</td>
                      <td>{a.area}</td>
                      <td>{a.dato}</td>
                      <td>{a.rol}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
