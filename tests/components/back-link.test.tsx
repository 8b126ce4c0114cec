// The button back to the screen a record was opened from (web/components/layout/back-link.tsx):
// a link named by its text, to the given path.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BackLink } from '@/components/layout/back-link';

describe('back link', () => {
  it('is a link named by its text to the screen it goes back to', () => {
    render(
      <MemoryRouter>
        <BackLink to="/app/consultas/usuariosregistrados">Volver al listado</BackLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Volver al listado' });
    expect(link.getAttribute('href')).toBe('/app/consultas/usuariosregistrados');
  });
});
