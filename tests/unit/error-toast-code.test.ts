// An error toast names the answer's request id («Código: …», docs/decisions/0353), so a member can
// quote it and the operator finds the request's log line; a refusal with a reason stays a warning.
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { handleSaveError, notifyError } from '@/lib/api-errors';

afterEach(() => vi.restoreAllMocks());

function capture() {
  const errors: { message: string; description?: string }[] = [];
  vi.spyOn(toast, 'error').mockImplementation((m, o) => {
    errors.push({ message: String(m), description: o?.description as string | undefined });
    return '';
  });
  vi.spyOn(toast, 'warning').mockImplementation(() => '');
  return errors;
}

describe('the error toast names the request', () => {
  it('shows «Código: <X-Request-Id>» under a 500 on the save and the notify paths', () => {
    const errors = capture();
    const err = new ApiError(
      500,
      'Internal Server Error',
      { message: 'Error interno' },
      '8f1c2a3b4d5e6f70-BOG',
    );
    handleSaveError(err);
    notifyError(err);
    expect(errors.map((e) => e.description)).toEqual([
      'Código: 8f1c2a3b4d5e6f70-BOG',
      'Código: 8f1c2a3b4d5e6f70-BOG',
    ]);
  });

  it('shows no code when the answer had none (a network failure)', () => {
    const errors = capture();
    handleSaveError(new ApiError(0, '', { message: 'Error de red' }));
    expect(errors).toEqual([{ message: expect.any(String), description: undefined }]);
  });
});
