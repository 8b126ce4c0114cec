// Issue 20: Spanish counts agree with their number ('1 usuario', '2 usuarios').
import { describe, expect, it } from 'vitest';
import { plural } from '../../web/lib/format';

describe('plural', () => {
  it('uses the singular for exactly one', () => {
    expect(plural(1, 'usuario', 'usuarios')).toBe('1 usuario');
    expect(plural(1, 'línea', 'líneas')).toBe('1 línea');
  });
  it('uses the plural for zero, many and fractions', () => {
    expect(plural(0, 'usuario', 'usuarios')).toBe('0 usuarios');
    expect(plural(2, 'línea', 'líneas')).toBe('2 líneas');
    expect(plural(1.5, 'mes', 'meses')).toBe('1.5 meses');
  });
  it('groups thousands as the rest of the app (en-US, spec §9)', () => {
    expect(plural(1234, 'producto', 'productos')).toBe('1,234 productos');
  });
});
