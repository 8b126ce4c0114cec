// The invoicing warnings (no provider, rejected documents, a resolution running out): the same list
// the dashboard shows.
import { TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { getWarnings, TAX_API } from '@/features/tax-settings/tax-api';
import { keyOf, useRead } from '@/lib/query';

export function WarningsList() {
  const res = useRead(keyOf(`${TAX_API}/avisos`), async (signal) => (await getWarnings(signal)).data);
  if (res.status !== 'ready' || !res.data.length) return null;
  return (
    <div className="grid gap-2" aria-label="Avisos de facturación">
      {res.data.map((w) => (
        <Alert key={w.clave} variant={w.tono === 'danger' ? 'destructive' : 'warning'}>
          <TriangleAlertIcon />
          <AlertDescription>{w.mensaje}</AlertDescription>
        </Alert>
      ))}
    </div>
  );
}
