import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { ResourceKey } from '../../shared/resources';
import * as s from '../../db/schema';

/**
 * The Drizzle table behind each registry entry (server side of worker/shared/resources.ts). Keyed
 * by ResourceKey: a registry entry without its table here, or a line for no entry, does not compile.
 */
export const RESOURCE_TABLES = {
  paises: s.paises,
  departamentos: s.departamentos,
  ciudades: s.ciudades,
  tiposidentificacion: s.tiposIdentificacion,
  niveleseducativos: s.nivelesEducativos,
  tiposusuario: s.tiposUsuario,
  parentesco: s.parentescos,
  metodosdepago: s.metodosPago,
  bancos: s.bancos,
  monedas: s.monedas,
  terminosycondiciones: s.terminos,
  servicios: s.mpServicios,
  clasificacionusuarios: s.mpClasificacionUsuarios,
  identidadessexuales: s.mpIdentidadesSexuales,
  orientacionessexuales: s.mpOrientacionesSexuales,
  tiposdeoral: s.mpTiposOrales,
  tiposdefantasiasyfetiches: s.mpTiposFantasiasYFetiches,
  tiposdemasajes: s.mpTiposMasajes,
  serviciosvirtuales: s.mpServiciosVirtuales,
  ojos: s.mpOjos,
  cabello: s.mpCabellos,
  cuerpo: s.mpCuerpos,
  piel: s.mpPieles,
  busto: s.mpBustos,
  cola: s.mpColas,
  polla: s.mpPollas,
  idioma: s.mpIdiomas,
  depilacion: s.mpDepilaciones,
  etnia: s.mpEtnias,
  criptomoneda: s.mpCriptomonedas,
  redes: s.mpRedes,
  ayudasgraficas: s.ayudasGraficas,
  preguntasfrecuentes: s.preguntasFrecuentes,
  tipossuscripciones: s.tiposSuscripcion,
  categoriaproductos: s.categoriasProductos,
  productos: s.productos,
} satisfies Record<ResourceKey, SQLiteTable>;

export const camel = (field: string) => field.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
export const snake = (prop: string) => prop.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

export function columnOf(table: SQLiteTable, field: string): SQLiteColumn {
  const column = (table as unknown as Record<string, SQLiteColumn>)[camel(field)];
  if (!column) throw new Error(`no column ${field} in ${(table as unknown as { _: { name: string } })._?.name}`);
  return column;
}

const isResourceKey = (key: string): key is ResourceKey => Object.hasOwn(RESOURCE_TABLES, key);

export function tableOf(key: string): SQLiteTable {
  if (!isResourceKey(key)) throw new Error(`no table for resource ${key}`);
  return RESOURCE_TABLES[key];
}
