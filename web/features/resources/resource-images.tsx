// The images of a row (products, graphic aids): thumbnails, delete, and the multi-image
// uploader limited to the entry's maximum.
import { MSG } from '@shared/messages';
import type { ResourceDef } from '@shared/resource-types';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { MultiImageUploader } from '@/components/upload/multi-image-uploader';
import { notifyError } from '@/lib/api-errors';
import { keyOf, useRead } from '@/lib/query';
import { useWrite } from '@/lib/mutation';
import { formatFileSize, formatNumber, plural } from '@/lib/format';
import { deleteImage, listImages, type ResourceImage } from '@/features/resources/resource-api';

export function ResourceImages({ def, id, max }: { def: ResourceDef; id: number; max: number }) {
  const path = `${def.endpoint}/${id}/images`;
  const list = useRead(keyOf(path), async (signal) => (await listImages(def.endpoint, id, signal)).data);
  const images = list.status === 'ready' ? list.data : null;
  const failed = list.status === 'error';
  const load = list.reload;
  type Image = ResourceImage;
  const [toDelete, setToDelete] = useState<Image | null>(null);

  const write = useWrite({
    send: (image: Image) => deleteImage(def.endpoint, id, image.id),
    success: MSG.deleted,
    invalidates: [path],
    errors: (err) => notifyError(err, MSG.removeError),
  });
  const remove = async () => {
    const image = toDelete;
    setToDelete(null);
    if (image) await write.run(image);
  };

  const count = images?.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Imágenes</CardTitle>
        <CardDescription>
          {formatNumber(count)} de {plural(max, 'imagen', 'imágenes')}. Formatos: jpg, jpeg, png, svg.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MultiImageUploader path={path} count={count} max={max} disabled={!images} onUploaded={load} />
        {failed ? (
          <ErrorState onRetry={load} />
        ) : !images ? (
          <Skeleton className="h-32 w-full" />
        ) : images.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aún no hay imágenes.</p>
        ) : (
          <ul aria-label="Imágenes cargadas" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {images.map((img) => (
              <li key={img.id} className="overflow-hidden rounded-lg border bg-card">
                <img
                  src={img.url}
                  alt={img.file_name}
                  loading="lazy"
                  className="aspect-square w-full bg-muted object-cover"
                />
                <div className="flex items-center gap-1 p-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-xs font-medium" title={img.file_name}>
                      {img.file_name}
                    </p>
                    <p className="text-xs text-muted-foreground">{formatFileSize(img.size)}</p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Eliminar ${img.file_name}`}
                    onClick={() => setToDelete(img)}
                    className="text-destructive"
                  >
                    <Trash2Icon />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        description="Seguro desea eliminar la imagen?"
        confirmLabel="Eliminar"
        destructive
        onConfirm={remove}
      />
    </Card>
  );
}
