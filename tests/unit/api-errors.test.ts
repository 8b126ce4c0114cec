// The one write path tells a refusal's reason as a warning (product-spec §8, issue 20 item 5):
// a 403 with a message, a 409, a 422; only a failure without a reason gets the generic save error.
import { MSG } from '@shared/messages';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { handleSaveError, notifyError } from '@/lib/api-errors';

// The toasts are spied on, not the module mocked: the node project's files share a module cache
// (decision 0293), and a spy is undone after each test.
const shown = { warning: [] as string[], error: [] as string[] };
beforeEach(() => {
  shown.warning.length = 0;
  shown.error.length = 0;
  vi.spyOn(toast, 'warning').mockImplementation((m) => (shown.warning.push(String(m)), ''));
  vi.spyOn(toast, 'error').mockImplementation((m) => (shown.error.push(String(m)), ''));
  vi.spyOn(toast, 'success').mockImplementation(() => '');
});
afterEach(() => vi.restoreAllMocks());

describe('handleSaveError (the save path of useWrite)', () => {
  it('a 403 with the server’s reason shows that reason as a warning, not the generic save error', () => {
    handleSaveError(
      new ApiError(403, 'Forbidden', { message: 'Solo el administrador puede asignar ese rol' }),
    );
    expect(shown.warning).toEqual(['Solo el administrador puede asignar ese rol']);
    expect(shown.error).toEqual([]);
  });

  it('a 409 shows the server’s message as a warning', () => {
    handleSaveError(new ApiError(409, 'Conflict', { message: 'El registro ya existe' }));
    expect(shown.warning).toEqual(['El registro ya existe']);
    expect(shown.error).toEqual([]);
  });

  it('a 422 shows every field message joined by commas as a warning', () => {
    handleSaveError(
      new ApiError(422, 'Unprocessable', {
        message: 'x',
        errors: { banco_id: ['Este campo es requerido'], titular: ['Valor inválido'] },
      }),
    );
    expect(shown.warning).toEqual(['Este campo es requerido, Valor inválido']);
    expect(shown.error).toEqual([]);
  });

  it('a 403 without a reason, and a 500, get the spec’s generic save error', () => {
    handleSaveError(new ApiError(403, 'Forbidden', undefined));
    handleSaveError(new ApiError(500, 'Internal Server Error', { message: 'boom' }));
    expect(shown.warning).toEqual([]);
    expect(shown.error).toEqual([MSG.saveError, MSG.saveError]);
  });
});

describe('notifyError', () => {
  it('a 403 with a reason is a warning too; other failures an error with their text', () => {
    notifyError(new ApiError(403, 'Forbidden', { message: 'No puede aprobar su propia publicación' }));
    notifyError(new ApiError(500, 'Internal Server Error', { message: 'Fallo' }));
    expect(shown.warning).toEqual(['No puede aprobar su propia publicación']);
    expect(shown.error).toEqual(['Fallo']);
  });
});
