// Who looked (docs/privacy.md «Quién consultó», decision 0405): the data whose showing to
// staff leaves an access record, and the area of the company each API section belongs to, declared
// once for the server that writes the record and the screens that show it.
import type { SensitivePurpose } from './privacy';

/** Each datum an access record can name, with the words the member reads. */
export const ACCESS_DATA = {
  numero_identificacion: 'Número de identificación',
  celular: 'Celular',
  numero_cuenta: 'Número de cuenta bancaria',
  direccion_billetera: 'Dirección de billetera',
  documento_frente: 'Documento de identidad (frente)',
  documento_respaldo: 'Documento de identidad (respaldo)',
  documento_selfie: 'Selfie con el documento',
  ORIENTACION_IDENTIDAD: 'Orientación sexual e identidad de género',
  PERFIL_SEXUAL: 'Descripción íntima y servicios del perfil',
  /** The rights desk's copy of the member's ZIP for the answer to a consulta. */
  todos: 'Todos sus datos (copia para responder una consulta)',
} as const satisfies Record<string, string> &
  Record<Exclude<SensitivePurpose, 'DOCUMENTOS_IDENTIDAD'>, string>;
export type AccessDatum = keyof typeof ACCESS_DATA;

export const accessDatumLabel = (code: string) => ACCESS_DATA[code as AccessDatum] ?? code;

/** The API sections and the area of the company that reads through each, first match wins. */
const AREAS: [prefix: string, area: string][] = [
  ['/api/v1/buscar', 'Búsqueda global'],
  ['/api/v1/administracion/controlinformacionpersonal', 'Control de información personal'],
  ['/api/v1/general/validacionIdentidad', 'Control de información personal'],
  ['/api/v1/administracion/perfil', 'Control de perfiles'],
  ['/api/v1/administracion/publicaciones', 'Publicaciones'],
  ['/api/v1/administracion', 'Administración'],
  ['/api/v1/consultas', 'Consultas'],
  ['/api/v1/bonos', 'Liquidación y pago de bonos'],
  ['/api/v1/miscompras', 'Compras y facturación'],
  ['/api/v1/configuracion/tributario', 'Tributario'],
  ['/api/v1/actividad', 'Actividad'],
  ['/api/v1/revisiones', 'Actividad'],
  ['/api/v1/privacidad', 'Solicitudes de datos'],
];

/** «Consultas», «Búsqueda global», …; an Excel file of a section says so. */
export function accessAreaOf(path: string): string {
  const area =
    AREAS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? 'Administración';
  return /\/(excel|exportar|export|archivo|pdf)(\/|$)|\.xlsx$/.test(path) ? `${area} (exportación)` : area;
}
