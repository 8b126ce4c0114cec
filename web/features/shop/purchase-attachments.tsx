// Attachments of a purchase (spec §5): the owner picks an attachment type first, then one pdf or
// xlsx of at most 48 MB (a payment receipt may be a jpg, png or webp photo, decision 0130), uploaded
// with a progress bar; owner and administrators list and download; administrators see photos inline.
import { MSG } from '@shared/messages';
import { ATTACHMENT_TYPES, attachmentKinds, PAYMENT_METHOD_MSG } from '@shared/schemas/shop';
import { DownloadIcon, FileImageIcon, FileSpreadsheetIcon, FileTextIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { AttachmentUploader } from '@/components/upload/attachment-uploader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import type { Attachment, CollectionAccount } from '@/features/shop/shop-api';
import type { Read } from '@/lib/query';
import { API_BASE } from '@/lib/api';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { download } from '@/lib/transfer';

type Props = {
  list: Read<Attachment[]>;
  uploadPath: string | null;
  onChange: () => void;
  /** Photos shown in the list (the administrator checks a receipt beside the purchase). */
  showImages?: boolean;
  /**
   * The active collection accounts: with a payment receipt the member may say which one he paid
   * into (decision 0245; optional, stored on the purchase as declared).
   */
  accounts?: readonly Pick<CollectionAccount, 'id' | 'nombre' | 'metodo'>[];
  /** A paid purchase takes invoices and other documents, not payment receipts (the server agrees). */
  paid?: boolean;
};

const AFTER_PAYMENT = ATTACHMENT_TYPES.filter((t) => t.value !== 'COMPROBANTE_PAGO');

const isImage = (a: Attachment) => /^image\/(jpeg|png|webp)$/.test(a.content_type);

/** '¿A qué cuenta pagaste?': shown beside the type when it is a payment receipt. */
function AccountSelect({
  accounts,
  value,
  onChange,
}: {
  accounts: NonNullable<Props['accounts']>;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid w-64 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {PAYMENT_METHOD_MSG.question}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{PAYMENT_METHOD_MSG.notSaid}</option>
        {accounts.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.nombre === a.metodo ? a.nombre : `${a.nombre} (${a.metodo})`}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function PurchaseAttachments({
  list,
  uploadPath,
  onChange,
  showImages = false,
  accounts,
  paid = false,
}: Props) {
  const [type, setType] = useState('');
  const [account, setAccount] = useState('');
  const asksAccount = type === 'COMPROBANTE_PAGO' && !!accounts?.length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Adjuntos</CardTitle>
        {uploadPath && (
          <CardDescription>
            {paid
              ? 'Esta compra ya está pagada. Puedes adjuntar facturas y otros documentos: PDF o Excel (xlsx) de máximo 48 MB.'
              : 'Adjunta el comprobante de la transferencia: un PDF o una captura de pantalla o foto (JPG, PNG o WEBP) de máximo 48 MB. Las facturas y otros documentos: PDF o Excel (xlsx).'}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {uploadPath && (
          <AttachmentUploader
            path={uploadPath}
            types={paid ? AFTER_PAYMENT : ATTACHMENT_TYPES}
            accept={attachmentKinds}
            label="Adjuntar archivo"
            onUploaded={onChange}
            onTypeChange={setType}
            fields={asksAccount ? { cuenta_recaudo_id: account } : {}}
          >
            {asksAccount && <AccountSelect accounts={accounts} value={account} onChange={setAccount} />}
          </AttachmentUploader>
        )}
        {list.status === 'error' ? (
          <ErrorState message={MSG.loadError} onRetry={onChange} />
        ) : list.status !== 'ready' ? (
          <Skeleton className="h-12 w-full" />
        ) : !list.data.length ? (
          <EmptyState title={MSG.emptyTitle} text="Aún no hay adjuntos en esta compra" />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Adjuntos de la compra">
            {list.data.map((a) => {
              const Icon = isImage(a)
                ? FileImageIcon
                : a.file_name.toLowerCase().endsWith('.xlsx')
                  ? FileSpreadsheetIcon
                  : FileTextIcon;
              return (
                <li key={a.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                  <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                  <div className="grid min-w-0 flex-1">
                    <span className="truncate text-sm font-medium" title={a.file_name}>
                      {a.file_name}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {a.tipo_label} · {formatFileSize(a.size)} · {formatDateTime(a.created_at)}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Descargar ${a.file_name}`}
                    onClick={() => download(a.url.replace(API_BASE, ''), undefined, a.file_name)}
                  >
                    <DownloadIcon />
                    Descargar
                  </Button>
                  {showImages && isImage(a) && (
                    <a href={a.url} target="_blank" rel="noreferrer" className="basis-full">
                      <img
                        src={a.url}
                        alt={`${a.tipo_label}: ${a.file_name}`}
                        className="max-h-[28rem] w-auto max-w-full rounded border object-contain"
                        loading="lazy"
                      />
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
