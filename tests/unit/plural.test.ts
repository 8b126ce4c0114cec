// Issue 20: Spanish counts agree with their number ('1 usuario', '2 usuarios').
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledBy } from '../../worker/modules/bonuses/settle-step';
import { entityLabel } from '../../worker/shared/entity-labels';
import { plural as sharedPlural } from '../../worker/shared/plural';
import { agoLabel, plural, updatedMessage } from '../../web/lib/format';

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

describe('counts the server writes into histories', () => {
  it('agree with their number, written plainly', () => {
    expect(sharedPlural(1, 'miembro', 'miembros')).toBe('1 miembro');
    expect(sharedPlural(3, 'miembro', 'miembros')).toBe('3 miembros');
    expect(sharedPlural(1, 'fila', 'filas')).toBe('1 fila');
    expect(sharedPlural(0, 'línea', 'líneas')).toBe('0 líneas');
  });
  it('say how a settlement started in words, not its internal origin', () => {
    expect(settledBy('manual (admin)')).toBe('liquidación iniciada por admin');
    expect(settledBy('cron 10 5 * * *')).toBe('liquidación automática programada');
  });
});

describe('waits and bulk results', () => {
  it('read in hours under a day, never "hace 0 días"', () => {
    expect(agoLabel(0)).toBe('hace menos de una hora');
    expect(agoLabel(1)).toBe('hace 1 hora');
    expect(agoLabel(23)).toBe('hace 23 horas');
    expect(agoLabel(24)).toBe('hace 1 día');
    expect(agoLabel(72)).toBe('hace 3 días');
  });
  it('keep the spec sentence for one row and say how many for several', () => {
    expect(updatedMessage(1)).toBe('Registro actualizado correctamente');
    expect(updatedMessage(3)).toBe('3 registros actualizados correctamente');
  });
});

describe('entity names in Actividad and the state history', () => {
  it('are Spanish for the bonus, payout, gallery and subscription entities', () => {
    for (const code of [
      'ciclo_bonificacion_user',
      'lotes_pago',
      'lote_pago',
      'ajuste_bonificacion',
      'perfil_media',
      'suscripcion',
      'users',
      'bancos',
    ])
      expect(entityLabel(code), code).not.toMatch(/_|^[a-z]/);
    expect(entityLabel('ajuste_bonificacion')).toBe('Ajuste de bonos');
    expect(entityLabel('exportacion:bancos')).toBe('Exportación (Bancos)');
    expect(entityLabel('importacion:bancos')).toBe('Importación (Bancos)');
  });
  it('name every entity the server writes to the activity log or the state history', () => {
    const src = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? src(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const codes = new Set<string>();
    for (const file of src('worker/modules'))
      for (const m of readFileSync(file, 'utf8').matchAll(
        /entity: '([a-z_]+)'|select '([a-z_]+)', |values \('([a-z_]+)'/g,
      ))
        codes.add((m[1] ?? m[2] ?? m[3])!);
    expect([...codes].filter((c) => entityLabel(c) === c)).toEqual([]);
  });
});
