// The purchase's electronic invoice (docs/invoicing.md): number, date, CUFE, QR and the PDF the DIAN
// validated; its credit note when the purchase was annulled. Members see their own, the purchases
// staff any. A purchase not paid has none (404): nothing shows.
import { STATE, INVOICE_STATE_LABELS } from '@shared/workflow';
import { DownloadIcon } from 'lucide-react';
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { ToneChip } from '@/components/status/tone-chip';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getInvoice, type Invoice, SHOP_API } from '@/features/shop/shop-api';
import { formatMoney } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';
import { download } from '@/lib/transfer';

function Qr({ text, label }: { text: string; label: string }) {
  const src = useMemo(
    () => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(text, { border: 1 }))}`,
    [text],
  );
  return <img src={src} alt={label} width={128} height={128} className="rounded border bg-white" />;
}

function DocumentBlock({
  title,
  doc,
  code,
  codeLabel,
  pdfPath,
}: {
  title: string;
  doc: Pick<Invoice, 'estado' | 'prefijo' | 'numero' | 'fecha' | 'total' | 'base' | 'iva' | 'qr' | 'pdf'>;
  code: string | null;
  codeLabel: string;
  pdfPath: string;
}) {
  const number = doc.numero == null ? 'Sin número todavía' : `${doc.prefijo ?? ''}${doc.numero}`;
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{title}</dt>
        <dd className="font-medium" data-testid="numero-documento">
          {number}
        </dd>
        <dt className="text-muted-foreground">Estado</dt>
        <dd>
          <ToneChip status={doc.estado} label={INVOICE_STATE_LABELS[doc.estado] ?? doc.estado} />
        </dd>
        <dt className="text-muted-foreground">Fecha</dt>
        <dd>{doc.fecha}</dd>
        <dt className="text-muted-foreground">Base</dt>
        <dd>{formatMoney(doc.base)}</dd>
        <dt className="text-muted-foreground">IVA</dt>
        <dd>{formatMoney(doc.iva)}</dd>
        <dt className="text-muted-foreground">Total</dt>
        <dd>{formatMoney(doc.total)}</dd>
        <dt className="text-muted-foreground">{codeLabel}</dt>
        <dd className="break-all font-mono text-xs">
          {code ?? 'Se asigna cuando la DIAN valida el documento'}
        </dd>
      </dl>
      <div className="flex flex-col items-start gap-2">
        {doc.qr ? <Qr text={doc.qr} label={`Código QR de ${title.toLowerCase()} ${number}`} /> : null}
        {doc.pdf ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void download(pdfPath, undefined, `${number}.pdf`)}
          >
            <DownloadIcon />
            Descargar PDF
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function PurchaseInvoice({ id }: { id: number }) {
  const path = `${SHOP_API}/compras/${id}/factura`;
  const res = useRead(keyOf(path), async (signal) => (await getInvoice(String(id), signal)).data);
  if (res.status === 'error') return null; // not paid (no invoice) or not allowed: nothing to show
  return (
    <Card>
      <CardHeader>
        <CardTitle>Factura electrónica</CardTitle>
        <CardDescription>
          {res.data?.estado === STATE.EMITIDA
            ? 'Validada por la DIAN. También te llegó por correo.'
            : 'La factura de esta compra se envía a la DIAN; cuando la valide verás su CUFE, su código QR y el PDF.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {!res.data ? (
          <Skeleton className="h-32 w-full" aria-label="Cargando factura" />
        ) : (
          <>
            <DocumentBlock
              title="Factura"
              doc={res.data}
              code={res.data.cufe}
              codeLabel="CUFE"
              pdfPath={`${path}/pdf`}
            />
            {res.data.nota_credito ? (
              <section aria-label="Nota crédito" className="grid gap-2 border-t pt-4">
                <p className="text-sm">Compra anulada: la factura se revirtió con esta nota crédito.</p>
                <DocumentBlock
                  title="Nota crédito"
                  doc={res.data.nota_credito}
                  code={res.data.nota_credito.cude}
                  codeLabel="CUDE"
                  pdfPath={`${path}/nota-credito/pdf`}
                />
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
