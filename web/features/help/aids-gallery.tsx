// Graphic aids as images: a title, a description and the pictures; a picture opens large.
import { useState } from 'react';
import { AppDialog } from '@/components/ui/dialog';
import type { Aid, AidImage } from '@/features/help/help-api';

export function AidsGallery({ aids, compact }: { aids: Aid[]; compact?: boolean }) {
  const [zoom, setZoom] = useState<{ aid: Aid; image: AidImage; n: number } | null>(null);
  return (
    <>
      <ul className="grid gap-4">
        {aids.map((aid) => (
          <li key={aid.id} className="grid gap-2">
            <div>
              <h3 className="text-sm font-semibold">{aid.titulo}</h3>
              {aid.descripcion && (
                <p className="text-sm whitespace-pre-wrap text-muted-foreground">{aid.descripcion}</p>
              )}
            </div>
            {aid.imagenes.length ? (
              <div
                className={
                  compact ? 'grid grid-cols-2 gap-2' : 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4'
                }
              >
                {aid.imagenes.map((image, i) => (
                  <button
                    key={image.id}
                    type="button"
                    className="overflow-hidden rounded-md border bg-muted transition hover:ring-2 hover:ring-ring/50"
                    onClick={() => setZoom({ aid, image, n: i + 1 })}
                    aria-label={`Ampliar ${aid.titulo}, imagen ${i + 1}`}
                  >
                    <img
                      src={image.url}
                      alt={`${aid.titulo}, imagen ${i + 1}`}
                      loading="lazy"
                      className="aspect-video w-full object-contain"
                    />
                  </button>
                ))}
              </div>
            ) : (
              <p className="text-xs text-muted-foreground">Sin imágenes.</p>
            )}
          </li>
        ))}
      </ul>
      <AppDialog
        open={!!zoom}
        onClose={() => setZoom(null)}
        title={zoom?.aid.titulo}
        description={
          <>
            Imagen {zoom?.n} de {zoom?.aid.imagenes.length}
          </>
        }
        className="sm:max-w-4xl"
      >
        {zoom && (
          <img
            src={zoom.image.url}
            alt={`${zoom.aid.titulo}, imagen ${zoom.n}`}
            className="max-h-[75dvh] w-full rounded-md object-contain"
          />
        )}
      </AppDialog>
    </>
  );
}
