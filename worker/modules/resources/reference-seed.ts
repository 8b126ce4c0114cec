import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { appMeta } from '../../db/schema';
import { tableOf } from './tables';
import type { Db } from '../../platform/db';
import { withSortKeys } from '../../platform/sort-keys';
import { spanishSortKey } from '../../shared/spanish-order';
import {
  ACTIVE_CURRENCIES,
  BANKS,
  CRYPTOCURRENCIES,
  ETHNIC_GROUPS,
  GENDER_IDENTITIES,
  KINSHIP,
  PAYMENT_METHODS,
  PHYSICAL,
  SEXUAL_ORIENTATIONS,
  SOCIAL_NETWORKS,
} from '../../platform/reference-data/curated';
import { DIVIPOLA_MUNICIPALITIES } from '../../platform/reference-data/divipola';
import { COUNTRIES, CURRENCIES, LANGUAGES } from '../../platform/reference-data/iso';

type Rows = Record<string, unknown>[];

/** Rows per registry key (column names as Drizzle properties). */
export function referenceRows(): Record<string, Rows> {
  return {
    paises: COUNTRIES.map(([codigo, nombre]) => ({ codigo, nombre })),
    monedas: CURRENCIES.map(([codigo, nombre, simbolo]) => ({
      codigo,
      nombre,
      simbolo,
      activo: ACTIVE_CURRENCIES.has(codigo),
    })),
    idioma: LANGUAGES.map(([code, nombre]) => ({ nombre, descripcion: `ISO 639-1: ${code}` })),
    bancos: BANKS.map(([codigo, nombre]) => ({ codigo, nombre })),
    parentesco: KINSHIP.map((nombre) => ({ nombre })),
    metodosdepago: PAYMENT_METHODS.map((m) => ({ ...m })),
    criptomoneda: CRYPTOCURRENCIES.map(([codigo, nombre, red]) => ({ codigo, nombre, red })),
    redes: SOCIAL_NETWORKS.map(([nombre, urlBase]) => ({ nombre, urlBase })),
    etnia: ETHNIC_GROUPS.map(([nombre, descripcion]) => ({ nombre, descripcion })),
    orientacionessexuales: SEXUAL_ORIENTATIONS.map(([nombre, descripcion]) => ({ nombre, descripcion })),
    identidadessexuales: GENDER_IDENTITIES.map(([nombre, descripcion]) => ({ nombre, descripcion })),
    ...Object.fromEntries(
      Object.entries(PHYSICAL).map(([key, names]) => [key, names.map((nombre) => ({ nombre }))]),
    ),
  };
}

/**
 * The DIVIPOLA municipalities: each row finds its department by the first two digits of its DANE
 * code among Colombia's departments (loaded by migration 0001), so no id is hard-coded. The 46
 * cities of that migration are kept as they are (same department and code: ON CONFLICT DO NOTHING);
 * a department the administrator deleted takes its municipalities with it. A few hundred rows per
 * statement keep each under SQLite's bound-parameter limit.
 */
function municipalityStatements(db: Db, now: number): BatchItem<'sqlite'>[] {
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < DIVIPOLA_MUNICIPALITIES.length; i += 400) {
    const values = sql.join(
      DIVIPOLA_MUNICIPALITIES.slice(i, i + 400).map(
        ([codigo, nombre]) => sql`(${codigo}, ${nombre}, ${spanishSortKey(nombre)})`,
      ),
      sql`, `,
    );
    // `WHERE true` settles SQLite's parse of INSERT … SELECT … ON CONFLICT.
    statements.push(
      db.run(sql`INSERT INTO ciudades (departamento_id, codigo, nombre, nombre_orden, activo, created_at, updated_at)
        SELECT d.id, v.column1, v.column2, v.column3, 1, ${now}, ${now}
        FROM (VALUES ${values}) v
        JOIN departamentos d ON d.codigo = substr(v.column1, 1, 2)
        JOIN paises p ON p.id = d.pais_id AND p.codigo = 'CO'
        WHERE true
        ON CONFLICT DO NOTHING`),
    );
  }
  return statements;
}

/**
 * Loads each reference catalogue once per database (marker `seed:ref:{key}` in app_meta): rows are
 * inserted only where no row holds the same code or name, so nothing an administrator created or
 * edited is overwritten, and a row the administrator deleted does not come back on the next start.
 */
export async function seedReferenceData(db: Db, now: number): Promise<string[]> {
  const loaded: string[] = [];
  const catalogues: [string, () => BatchItem<'sqlite'>[]][] = [
    ...Object.entries(referenceRows()).map(
      ([key, rows]) =>
        [key, () => rowStatements(db, key, rows, now)] as [string, () => BatchItem<'sqlite'>[]],
    ),
    ['ciudades', () => municipalityStatements(db, now)],
  ];
  for (const [key, statementsOf] of catalogues) {
    const markerKey = `seed:ref:${key}`;
    if (await db.select().from(appMeta).where(eq(appMeta.key, markerKey)).get()) continue;
    const statements = statementsOf();
    // The rows and the marker in one transaction: a crash midway loads the catalogue next time.
    await db.batch([
      db
        .insert(appMeta)
        .values({ key: markerKey, value: new Date(now).toISOString() })
        .onConflictDoNothing(),
      ...statements,
    ]);
    loaded.push(key);
  }
  return loaded;
}

function rowStatements(db: Db, key: string, rows: Rows, now: number): BatchItem<'sqlite'>[] {
  const table = tableOf(key);
  const stamped = rows.map((r) => withSortKeys(table, { ...r, createdAt: now, updatedAt: now }));
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < stamped.length; i += 100)
    statements.push(
      db
        .insert(table)
        .values(stamped.slice(i, i + 100))
        .onConflictDoNothing(),
    );
  return statements;
}
