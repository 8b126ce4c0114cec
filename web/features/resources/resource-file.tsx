// The PDF of a row (terms and conditions): the current file, its download, and the uploader.
import type { ResourceDef } from '@shared/resource-types';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AttachmentUploader } from '@/components/upload/attachment-uploader';
import type { ResourceRow } from '@/lib/resource-queries';
import { download } from '@/lib/transfer';

type Props = {
  def: ResourceDef;
  record: ResourceRow;
  label: string;
  onChanged: () => void;
};

export function ResourceFile({ def, record, label, onChanged }: Props) {
  const path = `${def.endpoint}/${record.id}/file`;
  const name = typeof record.file_name === 'string' ? record.file_name : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{label}</CardTitle>
        <CardDescription>Un archivo PDF de máximo 48 MB. Cargar otro reemplaza el actual.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {name ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md border p-3">
            <FileTextIcon aria-hidden className="size-5 text-primary" />
            <span className="min-w-0 flex-1 truncate text-sm">{name}</span>
            <Button variant="outline" size="sm" onClick={() => void download(path, undefined, name)}>
              <DownloadIcon />
              Descargar
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Aún no hay un archivo cargado.</p>
        )}
        <AttachmentUploader
          path={path}
          accept={['pdf']}
          label={name ? 'Reemplazar PDF' : 'Seleccionar PDF'}
          onUploaded={onChanged}
        />
      </CardContent>
    </Card>
  );
}
