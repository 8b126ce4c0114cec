// The one field-message mapper (web/lib/form-errors.ts, decision 0320): what a refusal shows
// under each input, on /login's light form and on every useApiForm screen.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/lib/api';
import { fieldMessages, firstMessages } from '../../web/lib/form-errors';

const refusal = (status: number) =>
  new ApiError(status, '', { message: 'Hay errores', errors: { email: ['El correo ya existe', 'otro'] } });

describe('field messages', () => {
  it('shows the first message of each field', () => {
    expect(firstMessages({ email: ['Requerido', 'Inválido'], nombre: [] })).toEqual({
      email: 'Requerido',
      nombre: '',
    });
  });

  it('reads a 422 by default, a 409 only where the form asks for it, and nothing else', () => {
    expect(fieldMessages(refusal(422))).toEqual({ email: 'El correo ya existe' });
    expect(fieldMessages(refusal(409))).toEqual({});
    expect(fieldMessages(refusal(409), [409, 422])).toEqual({ email: 'El correo ya existe' });
    expect(fieldMessages(refusal(500), [409, 422])).toEqual({});
    expect(fieldMessages(new Error('red'))).toEqual({});
  });
});
