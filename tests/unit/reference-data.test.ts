// The committed reference data (worker/platform/reference-data/iso.ts) matches the npm packages it
// was generated from; the curated lists are well-formed.
import { describe, expect, it } from 'vitest';
import {
  BANKS,
  CRYPTOCURRENCIES,
  KINSHIP,
  PAYMENT_METHODS,
} from '../../worker/platform/reference-data/curated';
import { COUNTRIES, CURRENCIES, LANGUAGES } from '../../worker/platform/reference-data/iso';
import { isoReferenceData } from '../../worker/tools/reference-data-source';
import { parseDivipola } from '../../worker/tools/divipola';
import { DIVIPOLA_DEPARTMENTS, DIVIPOLA_MUNICIPALITIES } from '../../worker/platform/reference-data/divipola';
import {
  ETHNIC_GROUPS,
  GENDER_IDENTITIES,
  SEXUAL_ORIENTATIONS,
} from '../../worker/platform/reference-data/curated';
import { readFileSync } from 'node:fs';
import { METODO_PAGO_TIPOS } from '../../worker/shared/resources';

const source = isoReferenceData();
const codes = (rows: readonly (readonly string[])[]) => rows.map((r) => r[0]).sort();

describe('reference data', () => {
  it('has every ISO 3166 country with its Spanish name from i18n-iso-countries', () => {
    expect(COUNTRIES).toEqual(source.countries);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(COUNTRIES).toContainEqual(['CO', 'Colombia']);
    expect(COUNTRIES).toContainEqual(['DE', 'Alemania']);
  });

  it('has every ISO 4217 currency of currency-codes and every ISO 639-1 language of iso-639-1', () => {
    expect(codes(CURRENCIES)).toEqual(codes(source.currencies));
    expect(codes(LANGUAGES)).toEqual(codes(source.languages));
    expect(CURRENCIES.find((c) => c[0] === 'COP')).toEqual(['COP', 'Peso colombiano', '$']);
    expect(LANGUAGES.find((l) => l[0] === 'es')?.[1]).toBe('Español');
  });

  it('keeps names unique per table and codes within the column limits', () => {
    for (const rows of [COUNTRIES, CURRENCIES, LANGUAGES, BANKS, CRYPTOCURRENCIES]) {
      expect(new Set(rows.map((r) => r[1].toLowerCase())).size).toBe(rows.length);
      expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    }
    expect(CURRENCIES.every((c) => c[2].length <= 5)).toBe(true);
    expect(BANKS.every(([code]) => /^\d{3}$/.test(code))).toBe(true);
    expect(new Set(KINSHIP).size).toBe(KINSHIP.length);
    expect(PAYMENT_METHODS.every((m) => METODO_PAGO_TIPOS.some((t) => t.value === m.tipo))).toBe(true);
  });

  it('has the whole DIVIPOLA: 33 departments and every municipality with its DANE code', () => {
    expect(DIVIPOLA_DEPARTMENTS).toHaveLength(33);
    // 1,102 municipalities + Bogotá, D.C. + the áreas no municipalizadas (1,123 in the source).
    expect(DIVIPOLA_MUNICIPALITIES.length).toBeGreaterThanOrEqual(1120);
    expect(DIVIPOLA_MUNICIPALITIES.length).toBeLessThanOrEqual(1125);
    const deps = new Set(DIVIPOLA_DEPARTMENTS.map(([c]) => c));
    for (const [codigo, nombre] of DIVIPOLA_MUNICIPALITIES) {
      expect(codigo).toMatch(/^\d{5}$/);
      expect(deps.has(codigo.slice(0, 2))).toBe(true);
      expect(nombre.trim()).toBe(nombre);
    }
    expect(new Set(DIVIPOLA_MUNICIPALITIES.map(([c]) => c)).size).toBe(DIVIPOLA_MUNICIPALITIES.length);
    const byCode = new Map(DIVIPOLA_MUNICIPALITIES);
    expect(byCode.get('05001')).toBe('Medellín');
    expect(byCode.get('11001')).toBe('Bogotá D.C.');
    expect(byCode.get('76001')).toBe('Cali');
    expect(byCode.get('08001')).toBe('Barranquilla');
    expect(byCode.get('13001')).toBe('Cartagena');
    expect(DIVIPOLA_MUNICIPALITIES.filter(([c]) => c.startsWith('05'))).toHaveLength(125);
    // The departments migration 0001 loads are the DIVIPOLA's, code for code.
    const migration = readFileSync('migrations/0001_reference_data.sql', 'utf8');
    const migrated = [...migration.matchAll(/INSERT INTO departamentos .*?SELECT id, '(\d{2})'/g)].map(
      (m) => m[1],
    );
    expect(migrated.sort()).toEqual([...deps].sort());
  });

  it('normalises the source codes to DANE digits and refuses a municipality outside its department', () => {
    const row = (dep: number, mun: string, name: string) => ({
      'CÓDIGO DANE DEL DEPARTAMENTO': dep,
      DEPARTAMENTO: 'Antioquia',
      'CÓDIGO DANE DEL MUNICIPIO': mun,
      MUNICIPIO: name,
    });
    const text = `export default ${JSON.stringify([row(5, '5,002', 'Abejorral'), row(5, '5,001', ' Medellín ')])};`;
    expect(parseDivipola(text)).toEqual({
      departments: [['05', 'Antioquia']],
      municipalities: [
        ['05001', 'Medellín'],
        ['05002', 'Abejorral'],
      ],
    });
    expect(() => parseDivipola(JSON.stringify([row(5, '8,001', 'Barranquilla')]))).toThrow('Fila inválida');
  });

  it("quotes DANE's categories with their source", () => {
    for (const rows of [ETHNIC_GROUPS, SEXUAL_ORIENTATIONS, GENDER_IDENTITIES]) {
      expect(new Set(rows.map(([n]) => n)).size).toBe(rows.length);
      for (const [, source] of rows) expect(source).toMatch(/^DANE, /);
    }
    expect(ETHNIC_GROUPS.map(([n]) => n)).toContain('Palenquero(a) de San Basilio');
  });
});
