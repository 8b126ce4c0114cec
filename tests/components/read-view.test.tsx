// What a screen shows for one read (docs/decisions/0100-one-read-shape.md): the skeleton while
// there is no answer, the answer once there is one, the screen's message with «Reintentar» for a
// failure, and «sin permiso» with nothing to retry for a 403.
import { MSG } from '@shared/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReadView } from '@/components/feedback/read-view';
import type { Read } from '@/lib/query';

const base = { reload: () => {}, fetching: false };
const view = (read: Read<{ name: string }>) =>
  render(
    <ReadView read={read} errorMessage={MSG.tableError} loading={<p>Cargando</p>}>
      {(data) => <p>Hola {data.name}</p>}
    </ReadView>,
  );

describe('read view', () => {
  it('shows the skeleton while loading, then the answer', () => {
    const { rerender } = view({ ...base, status: 'loading', data: undefined, error: null });
    expect(screen.getByText('Cargando')).toBeTruthy();
    rerender(
      <ReadView
        read={{ ...base, status: 'ready', data: { name: 'Ana' }, error: null }}
        loading={<p>Cargando</p>}
      >
        {(data) => <p>Hola {data.name}</p>}
      </ReadView>,
    );
    expect(screen.getByText('Hola Ana')).toBeTruthy();
    expect(screen.queryByText('Cargando')).toBeNull();
  });

  it('shows the failure with a retry, even over an answer already on screen', async () => {
    let retried = 0;
    view({
      ...base,
      reload: () => void retried++,
      status: 'error',
      data: { name: 'Ana' },
      error: { notFound: false, forbidden: false },
    });
    expect(screen.getByText(MSG.tableError)).toBeTruthy();
    expect(screen.queryByText('Hola Ana')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retried).toBe(1);
  });

  it('says «sin permiso» with nothing to retry for a 403', () => {
    view({ ...base, status: 'error', data: undefined, error: { notFound: false, forbidden: true } });
    expect(screen.getByText(MSG.forbidden)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});
