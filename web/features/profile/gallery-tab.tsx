// 'Galería': up to GALLERY_MAX images, each reviewed on its own; one of them is the cover.
import { MSG } from '@shared/messages';
import { GALLERY_MAX } from '@shared/schemas/profile';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { MultiImageUploader } from '@/components/upload/multi-image-uploader';
import { GalleryCard } from '@/features/profile/gallery-card';
import { deleteMedia, type GalleryImage, type SectionProps, setCover } from '@/features/profile/profile-api';
import { useWrite } from '@/lib/mutation';

const PATH = '/general/perfilmedia';

export function GalleryTab({ data, onSaved }: SectionProps) {
  const images = data.galeria;
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);

  const cover = useWrite({
    send: setCover,
    success: MSG.updated,
    onSaved: () => onSaved(),
    errors: 'notify',
    fallback: MSG.saveError,
  });
  const remove = useWrite({
    send: deleteMedia,
    success: MSG.deleted,
    onSaved: () => onSaved(),
    errors: 'notify',
    fallback: MSG.removeError,
  });
  const busy = cover.busy || remove.busy;
  const run = (method: 'PUT' | 'DELETE', mediaId: number) =>
    method === 'PUT' ? cover.run(mediaId) : remove.run(mediaId);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {MSG.imagesLimit(GALLERY_MAX)} ({images.length} de {GALLERY_MAX}). Cada imagen se revisa por
          separado.
        </p>
        <MultiImageUploader
          path={PATH}
          count={images.length}
          max={GALLERY_MAX}
          label="Agregar imágenes"
          disabled={busy || images.length >= GALLERY_MAX}
          onUploaded={onSaved}
        />
      </div>
      {images.length === 0 ? (
        <EmptyState text="Aún no has agregado imágenes a tu galería" />
      ) : (
        <ul
          aria-label="Galería"
          className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
        >
          {images.map((img, i) => (
            <GalleryCard
              key={img.id}
              image={img}
              n={i + 1}
              busy={busy}
              onCover={() => void run('PUT', img.id)}
              onDelete={() => setDeleting(img)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        description="Seguro desea eliminar la imagen?"
        confirmLabel="Eliminar"
        destructive
        onConfirm={() => deleting && void run('DELETE', deleting.id)}
      />
    </div>
  );
}
