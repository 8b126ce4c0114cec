// The one Spanish sort key (worker/shared/spanish-order.ts, decision 0150): what it folds, and that
// it agrees with Intl.Collator('es') — what the browser would use — on the real reference lists.
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { COUNTRIES, CURRENCIES, LANGUAGES } from '../../worker/platform/reference-data/iso';
import { SORT_KEYS, sortColumnOf, withSortKeys } from '../../worker/platform/sort-keys';
import { RESOURCES } from '../../worker/shared/resources';
import { compareSpanish, spanishSortKey } from '../../worker/shared/spanish-order';
import * as schema from '../../worker/db/schema';

const collator = new Intl.Collator('es');

describe('spanishSortKey', () => {
  it('is lower case with accents folded and ñ kept as its own letter after n', () => {
    expect(spanishSortKey('Bélgica')).toBe('belgica');
    expect(spanishSortKey('ÁRABE')).toBe('arabe');
    expect(spanishSortKey('Pingüino')).toBe('pinguino');
    expect(spanishSortKey(null)).toBeNull();
    // Decomposed input (n + combining tilde) is the same ñ.
    expect(spanishSortKey('n\u0303u')).toBe(spanishSortKey('ñu'));
    const sorted = ['Oso', 'ñu', 'Nube', 'nz', 'Ñandú', 'Nápoles'].sort(compareSpanish);
    expect(sorted).toEqual(['Nápoles', 'Nube', 'nz', 'Ñandú', 'ñu', 'Oso']);
  });

  it('orders Bélgica before Bután, México before Myanmar, Árabe among the A’s', () => {
    const sorted = ['Myanmar', 'Bután', 'Zambia', 'México', 'Bélgica', 'Árabe', 'Bahamas'].sort(
      compareSpanish,
    );
    expect(sorted).toEqual(['Árabe', 'Bahamas', 'Bélgica', 'Bután', 'México', 'Myanmar', 'Zambia']);
  });

  it.each([
    ['countries', COUNTRIES.map((c) => c[1])],
    ['languages', LANGUAGES.map((c) => c[1])],
    ['currencies', CURRENCIES.map((c) => c[1])],
    [
      'a sample with ñ, ü, spaces and case',
      [
        'Peña',
        'Pena',
        'Penz',
        'peña nieto',
        'Peñalosa',
        'Pérez',
        'Perez',
        'Ñ',
        'N',
        'año',
        'anza',
        'Güiza',
        'Guzmán',
      ],
    ],
  ])('agrees with Intl.Collator("es") on the %s', (_name, list) => {
    expect([...list].sort(compareSpanish)).toEqual([...list].sort(collator.compare));
  });
});

describe('sort-key columns derived from the registry', () => {
  it('every registry entry has a key column beside its label field, and users beside their names', () => {
    for (const r of RESOURCES) {
      const table = (schema as unknown as Record<string, SQLiteTable>)[r.key]!;
      const pairs = SORT_KEYS.get(table);
      expect(pairs, r.key).toBeDefined();
      expect(sortColumnOf(table, r.labelField), r.key).toBeDefined();
      expect(Object.keys(getTableColumns(table))).toContain(pairs![0]!.key);
    }
    expect(sortColumnOf(schema.users, 'nombres')).toBe(schema.users.nombresOrden);
    expect(sortColumnOf(schema.users, 'apellidos')).toBe(schema.users.apellidosOrden);
  });

  it('withSortKeys adds the key of each name a write sets, and leaves others alone', () => {
    expect(withSortKeys(schema.paises, { nombre: 'Bélgica', codigo: 'BE' })).toEqual({
      nombre: 'Bélgica',
      codigo: 'BE',
      nombreOrden: 'belgica',
    });
    expect(withSortKeys(schema.paises, { activo: false })).toEqual({ activo: false });
    expect(withSortKeys(schema.users, { nombres: 'Ñusta', email: 'x' })).toEqual({
      nombres: 'Ñusta',
      email: 'x',
      nombresOrden: 'n\u007fusta',
    });
  });
});
