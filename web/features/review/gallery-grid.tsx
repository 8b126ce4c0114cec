// Gallery images with their own state and comment; a reviewer gets a decision slot per image.
import type { ReactNode } from 'react';
import { GalleryTile } from '@/components/gallery/gallery-tile';

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
        <GalleryTile key={img.id} image={img} n={i + 1} linked>
          {action?.(img, i + 1)}
        </GalleryTile>
      ))}
    </ul>
  );
}
