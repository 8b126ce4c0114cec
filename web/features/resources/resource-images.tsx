// The images of a row (products, graphic aids): thumbnails, delete, and the multi-image
// uploader limited to the entry's maximum.
import { MSG } from '@shared/messages';
import type { ResourceDef } from '@shared/resource-types';
import { Trash2Icon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ErrorState } from '@/components/feedback/error-state';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { MultiImageUploader } from '@/components/upload/multi-image-uploader';
import { api } from '@/lib/api';
import { notifyError } from '@/lib/api-errors';
import { formatFileSize } from '@/lib/format';

type Image = { id: number; file_name: string; size: number; orden: number; url: string };

export function ResourceImages({ def, id, max }: { def: ResourceDef; id: number; max: number }) {
  const path = `${def.endpoint}/${id}/images`;
  const [images, setImages] = useState<Image[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [toDelete, setToDelete] = useState<Image | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    api<{ data: Image[] }>('GET', path)
      .then((res) => setImages(res.data))
      .catch(() => setFailed(true));
  }, [path]);
  useEffect(load, [load]);

  const remove = async () => {
    const image = toDelete;
    setToDelete(null);
    if (!image) return;
    try {
      await api('DELETE', `${path}/${image.id}`);
      toast.success(MSG.deleted);
      load();
    } catch (err) {
      notifyError(err, MSG.removeError);
    }
  };

  const count = images?.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Imágenes</CardTitle>
        <CardDescription>
          {count} de {max} imágenes. Formatos: jpg, jpeg, png, svg.
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
                <img src={img.url} alt={img.file_name} loading="lazy" className="aspect-square w-full bg-muted object-cover" />
                <div className="flex items-center gap-1 p-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-xs font-medium" title={img.file_name}>
                      {img.file_name}
                    </p>
                    <p className="text-xs text-muted-foreground">{formatFileSize(img.size)}</p>
                  </div>
                  <Button variant="ghost" size="icon" aria-label={`Eliminar ${img.file_name}`} onClick={() => setToDelete(img)} className="text-destructive">
                    <Trash2Icon />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog open={!!toDelete} onOpenChange={(open) => !open && setToDelete(null)} description="Seguro desea eliminar la imagen?" confirmLabel="Eliminar" destructive onConfirm={remove} />
    </Card>
  );
}
