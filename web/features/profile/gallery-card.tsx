// One gallery image: its review state and comment, the cover mark, and its actions.
import { StarIcon, Trash2Icon } from 'lucide-react';
import { StatusChip } from '@/components/status/status-chip';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { GalleryImage } from '@/features/profile/profile-api';

type Props = { image: GalleryImage; n: number; busy: boolean; onCover: () => void; onDelete: () => void };

export function GalleryCard({ image, n, busy, onCover, onDelete }: Props) {
  return (
    <li
      aria-label={`Imagen ${n}`}
      className="grid content-start gap-2 overflow-hidden rounded-lg border bg-card"
    >
      <div className="relative aspect-square bg-muted">
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
      </div>
      <div className="grid gap-2 px-3 pb-3">
        <StatusChip status={image.estado} />
        {image.comentario && <p className="text-xs text-muted-foreground">Comentario: {image.comentario}</p>}
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={busy || image.portada}
            aria-label={`Marcar imagen ${n} como portada`}
            onClick={onCover}
          >
            <StarIcon />
            Portada
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Eliminar imagen ${n}`}
            disabled={busy}
            onClick={onDelete}
            className="text-destructive hover:text-destructive"
          >
            <Trash2Icon />
          </Button>
        </div>
      </div>
    </li>
  );
}
