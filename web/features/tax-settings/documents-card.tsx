// Invoices and credit notes not yet issued (PENDIENTE or RECHAZADA with the provider's message),
// each resendable, and the accountant's export of a period (.xlsx).
import { MSG } from '@shared/messages';
import { INVOICE_STATE_LABELS } from '@shared/workflow';
import { FileSpreadsheetIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { TextField } from '@/components/form/text-field';
import { ToneChip } from '@/components/status/tone-chip';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDocuments, resendDocument, TAX_API } from '@/features/tax-settings/tax-api';
import { formatMoney } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { download } from '@/lib/transfer';

const monthStart = () => `${new Date().toISOString().slice(0, 7)}-01`;
const today = () => new Date().toISOString().slice(0, 10);

export function DocumentsCard() {
  const res = useRead(keyOf(`${TAX_API}/documentos`), async (signal) => (await getDocuments(signal)).data);
  const resend = useWrite({ send: (id: number) => resendDocument(id), invalidates: [TAX_API] });
  const [desde, setDesde] = useState(monthStart);
  const [hasta, setHasta] = useState(today);
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Exportación para el contador</CardTitle>
          <CardDescription>
            Facturas y notas crédito del periodo: número, fecha, comprador, base, IVA, total, CUFE y estado.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-4">
          <TextField label="Desde (AAAA-MM-DD)" value={desde} onValueChange={setDesde} />
          <TextField label="Hasta (AAAA-MM-DD)" value={hasta} onValueChange={setHasta} />
          <Button
            variant="outline"
            onClick={() => void download(`${TAX_API}/documentos/excel`, { desde, hasta }, 'facturas.xlsx')}
          >
            <FileSpreadsheetIcon />
            Exportar a Excel
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Pendientes y rechazados</CardTitle>
          <CardDescription>
            Los pendientes se envían solos (y cada día los que fallaron); un rechazado se reenvía después de
            corregir los datos.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {res.status === 'error' ? (
            <ErrorState message={MSG.loadError} onRetry={res.reload} />
          ) : res.status !== 'ready' ? (
            <Skeleton className="h-24 w-full" aria-label="Cargando documentos" />
          ) : res.data.length === 0 ? (
            <EmptyState text="Todas las facturas y notas crédito están emitidas." />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Documento</TableHead>
                  <TableHead>Compra</TableHead>
                  <TableHead>Usuario</TableHead>
                  <TableHead>Total</TableHead>
                  <TableHead>Estado</TableHead>
                  <TableHead>Último error</TableHead>
                  <TableHead />
                </TableRow>
              </TableHeader>
              <TableBody>
                {res.data.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell>
                      {d.tipo === 'FACTURA' ? 'Factura' : 'Nota crédito'} {d.prefijo ?? ''}
                      {d.numero ?? 'sin número'}
                    </TableCell>
                    <TableCell>#{d.compra_id}</TableCell>
                    <TableCell>{d.user_name}</TableCell>
                    <TableCell>{formatMoney(d.total)}</TableCell>
                    <TableCell>
                      <ToneChip status={d.estado} label={INVOICE_STATE_LABELS[d.estado] ?? d.estado} />
                    </TableCell>
                    <TableCell className="max-w-80 text-xs">{d.ultimo_error ?? '—'}</TableCell>
                    <TableCell>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={resend.busy}
                        onClick={() => void resend.run(d.id)}
                      >
                        <SendIcon />
                        Reenviar
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
