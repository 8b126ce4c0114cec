// One gallery image (web/components/gallery/gallery-tile.tsx), as the profile and the review show
// it: named by its place, the cover badge, the comment, the screen's actions, and on the review a
// link to the full image.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GalleryTile } from '@/components/gallery/gallery-tile';

const image = { url: '/img/1.png', estado: null, comentario: 'Muy oscura', portada: true };

describe('gallery tile', () => {
  it('shows the picture, the cover badge, the comment and the actions', () => {
    render(
      <ul>
        <GalleryTile image={image} n={2}>
          <button type="button">Eliminar</button>
        </GalleryTile>
      </ul>,
    );
    expect(screen.getByRole('listitem', { name: 'Imagen 2' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Imagen 2 de la galería' })).toBeTruthy();
    expect(screen.getByText('Portada')).toBeTruthy();
    expect(screen.getByText('Comentario: Muy oscura')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links the picture to the full image when asked', () => {
    render(
      <ul>
        <GalleryTile image={{ ...image, portada: false, comentario: null }} n={1} linked />
      </ul>,
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe('/img/1.png');
    expect(screen.queryByText('Portada')).toBeNull();
  });
});
