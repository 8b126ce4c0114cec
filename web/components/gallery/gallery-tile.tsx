// One gallery image as the member's profile and the reviewer's screen show it: the picture with
// its cover mark, its review state and comment, then the screen's own actions.
import type { ReactNode } from 'react';
import { StarIcon } from 'lucide-react';
import { StatusChip } from '@/components/status/status-chip';
import { Badge } from '@/components/ui/badge';

export type GalleryTileImage = {
  url: string;
  estado: string | null;
  comentario: string | null;
  portada: boolean;
};

export function GalleryTile({
  image,
  n,
  linked = false,
  children,
}: {
  image: GalleryTileImage;
  /** The image's place in the gallery, from 1: it names the tile and the picture. */
  n: number;
  /** The picture opens the full image in a new tab (the reviewer's screen). */
  linked?: boolean;
  children?: ReactNode;
}) {
  const picture = (
    <>
      <img
        src={image.url}
        alt={`Imagen ${n} de la galería`}
        loading="lazy"
        className="size-full object-cover"
      />
      {image.portada && (
        <Badge className="absolute start-2 top-2">
          <StarIcon aria-hidden />
          Portada
        </Badge>
      )}
    </>
  );
  return (
    <li
      aria-label={`Imagen ${n}`}
      className="grid content-start gap-2 overflow-hidden rounded-lg border bg-card"
    >
      {linked ? (
        <a
          href={image.url}
          target="_blank"
          rel="noreferrer"
          className="relative block aspect-square bg-muted"
        >
          {picture}
        </a>
      ) : (
        <div className="relative aspect-square bg-muted">{picture}</div>
      )}
      <div className="grid gap-2 px-3 pb-3">
        <StatusChip status={image.estado} />
        {image.comentario && <p className="text-xs text-muted-foreground">Comentario: {image.comentario}</p>}
        {children}
      </div>
    </li>
  );
}
