import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { RESOURCES, type ResourceKey } from '../../shared/resources';
import * as schema from '../../db/schema';

/**
 * The registry entries' tables, picked from the schema module by key: an entry's Drizzle table is
 * the schema export named after it (`ojos` for the entry `ojos`). The constraint makes a registry
 * entry without such an export, or with an export that is not a table, fail to compile.
 */
function registryTables<T extends Record<ResourceKey, SQLiteTable>>(s: T) {
  return Object.fromEntries(RESOURCES.map((r) => [r.key, s[r.key]])) as { [K in ResourceKey]: T[K] };
}

/** The Drizzle table behind each registry entry (server side of worker/shared/resources.ts). */
export const RESOURCE_TABLES = registryTables(schema);

export const camel = (field: string) => field.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
export const snake = (prop: string) => prop.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

export function columnOf(table: SQLiteTable, field: string): SQLiteColumn {
  const column = (table as unknown as Record<string, SQLiteColumn>)[camel(field)];
  if (!column)
    throw new Error(`no column ${field} in ${(table as unknown as { _: { name: string } })._?.name}`);
  return column;
}

const isResourceKey = (key: string): key is ResourceKey => Object.hasOwn(RESOURCE_TABLES, key);

export function tableOf(key: string): SQLiteTable {
  if (!isResourceKey(key)) throw new Error(`no table for resource ${key}`);
  return RESOURCE_TABLES[key];
}
