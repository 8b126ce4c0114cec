// Gallery images with their own state and comment; a reviewer gets a decision slot per image.
import type { ReactNode } from 'react';
import { StarIcon } from 'lucide-react';
import { StatusChip } from '@/components/status/status-chip';
import { Badge } from '@/components/ui/badge';

export type Image = {
  id: number;
  url: string;
  estado: string | null;
  comentario: string | null;
  portada: boolean;
};

export function GalleryGrid({
  images,
  action,
}: {
  images: Image[];
  action?: (img: Image, n: number) => ReactNode;
}) {
  if (!images.length) return <p className="text-sm text-muted-foreground">Sin imágenes en la galería.</p>;
  return (
    <ul aria-label="Galería" className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-4">
      {images.map((img, i) => (
        <li
          key={img.id}
          aria-label={`Imagen ${i + 1}`}
          className="grid content-start gap-2 overflow-hidden rounded-lg border bg-card"
        >
          <a
            href={img.url}
            target="_blank"
            rel="noreferrer"
            className="relative block aspect-square bg-muted"
          >
            <img
              src={img.url}
              alt={`Imagen ${i + 1} de la galería`}
              loading="lazy"
              className="size-full object-cover"
            />
            {img.portada && (
              <Badge className="absolute start-2 top-2">
                <StarIcon aria-hidden />
                Portada
              </Badge>
            )}
          </a>
          <div className="grid gap-2 px-3 pb-3">
            <StatusChip status={img.estado} />
            {img.comentario && <p className="text-xs text-muted-foreground">Comentario: {img.comentario}</p>}
            {action?.(img, i + 1)}
          </div>
        </li>
      ))}
    </ul>
  );
}
