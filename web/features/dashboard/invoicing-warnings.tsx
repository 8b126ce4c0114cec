// The dashboard's electronic-invoicing warnings (docs/invoicing.md): documents waiting without a
// provider, rejected ones, a numbering resolution at 90 % used or 30 days from expiry. Each links to
// Configuración → Tributario.
import { P } from '@shared/permissions';
import { TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { getInvoicingWarnings } from '@/features/dashboard/dashboard-api';
import { keyOf, useRead } from '@/lib/query';
import { useSession } from '@/lib/session';

export function InvoicingWarnings() {
  const { can } = useSession();
  const allowed = can(P.dashboardAdmin) || can(P.tributario) || can(P.facturas);
  const res = useRead(
    allowed ? keyOf('/configuracion/tributario/avisos') : null,
    async (signal) => (await getInvoicingWarnings(signal)).data,
  );
  if (!allowed || res.status !== 'ready' || !res.data.length) return null;
  return (
    <div className="grid gap-2" aria-label="Avisos de facturación electrónica">
      {res.data.map((w) => (
        <Alert key={w.clave} variant={w.tono === 'danger' ? 'destructive' : 'warning'}>
          <TriangleAlertIcon />
          <AlertDescription>
            {w.mensaje}{' '}
            {can(P.tributario) ? (
              <Link className="underline" to="/app/configuracion/tributario">
                Ir a Tributario
              </Link>
            ) : null}
          </AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
