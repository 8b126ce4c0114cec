import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { appMeta } from '../../db/schema';
import { tableOf } from './tables';
import type { Db } from '../../platform/db';
import {
  ACTIVE_CURRENCIES,
  BANKS,
  CRYPTOCURRENCIES,
  KINSHIP,
  PAYMENT_METHODS,
  PHYSICAL,
  SOCIAL_NETWORKS,
} from '../../platform/reference-data/curated';
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
    ...Object.fromEntries(
      Object.entries(PHYSICAL).map(([key, names]) => [key, names.map((nombre) => ({ nombre }))]),
    ),
  };
}

/**
 * Loads each reference catalogue once per database (marker `seed:ref:{key}` in app_meta): rows are
 * inserted only where no row holds the same code or name, so nothing an administrator created or
 * edited is overwritten, and a row the administrator deleted does not come back on the next start.
 */
export async function seedReferenceData(db: Db, now: number): Promise<string[]> {
  const loaded: string[] = [];
  for (const [key, rows] of Object.entries(referenceRows())) {
    const markerKey = `seed:ref:${key}`;
    if (await db.select().from(appMeta).where(eq(appMeta.key, markerKey)).get()) continue;
    const table = tableOf(key);
    const stamped = rows.map((r) => ({ ...r, createdAt: now, updatedAt: now }));
    const statements: BatchItem<'sqlite'>[] = [];
    for (let i = 0; i < stamped.length; i += 100)
      statements.push(
        db
          .insert(table)
          .values(stamped.slice(i, i + 100))
          .onConflictDoNothing(),
      );
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
