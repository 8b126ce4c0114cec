// One gallery image: its review state and comment, the cover mark, and its actions.
import { StarIcon, Trash2Icon } from 'lucide-react';
import { GalleryTile } from '@/components/gallery/gallery-tile';
import { Button } from '@/components/ui/button';
import type { GalleryImage } from '@/features/profile/profile-api';

type Props = { image: GalleryImage; n: number; busy: boolean; onCover: () => void; onDelete: () => void };

export function GalleryCard({ image, n, busy, onCover, onDelete }: Props) {
  return (
    <GalleryTile image={image} n={n}>
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
    </GalleryTile>
  );
}
