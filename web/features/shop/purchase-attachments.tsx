// Attachments of a purchase (spec §5): the owner picks an attachment type first, then one pdf or
// xlsx of at most 48 MB, uploaded with a progress bar; owner and administrators list and download.
import { MSG } from '@shared/messages';
import { ATTACHMENT_TYPES } from '@shared/schemas/shop';
import { DownloadIcon, FileSpreadsheetIcon, FileTextIcon } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { AttachmentUploader } from '@/components/upload/attachment-uploader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Attachment } from '@/features/shop/shop-api';
import type { Read } from '@/lib/query';
import { API_BASE } from '@/lib/api';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { download } from '@/lib/transfer';

type Props = { list: Read<Attachment[]>; uploadPath: string | null; onChange: () => void };

export function PurchaseAttachments({ list, uploadPath, onChange }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Adjuntos</CardTitle>
        {uploadPath && (
          <CardDescription>
            Adjunta el comprobante de la transferencia: un archivo PDF o Excel (xlsx) de máximo 48 MB.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {uploadPath && (
          <AttachmentUploader
            path={uploadPath}
            types={ATTACHMENT_TYPES}
            label="Adjuntar archivo"
            onUploaded={onChange}
          />
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
              const Icon = a.file_name.toLowerCase().endsWith('.xlsx') ? FileSpreadsheetIcon : FileTextIcon;
              return (
                <li key={a.id} className="flex items-center gap-3 px-3 py-2">
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
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
