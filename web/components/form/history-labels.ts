// Field labels of a member's audited records by entity key (decisions 0257, 0297), for the history
// panel and the conflict banner: the users form's fields (USERS_DEF), the personal data, the public profile
// (its catalogues from PROFILE_REFS / PHYSICAL_REFS / PROFILE_MULTI), beneficiaries, payment
// details and the identity validation. A field without a label shows its column name.
import { IDENTITY_DOC_LABELS, PHYSICAL_REFS, PROFILE_MULTI, PROFILE_REFS } from '@shared/schemas/profile';
import { CONSTANTS } from '@shared/constants';
import { USERS_DEF } from '@shared/security-resources';
import { fieldFormats, imagesCount } from '@/components/form/field-formats';
import type { HistoryFormat } from '@/components/form/history-panel';
import { formatPercent } from '@/lib/format';
import { rowsOf } from '@/lib/lookups';

const labelsOf = (entries: Record<string, { label: string }>) =>
  Object.fromEntries(Object.entries(entries).map(([k, f]) => [k, f.label]));

export const PERSONAL_LABELS = {
  nombres: 'Nombres',
  apellidos: 'Apellidos',
  tipo_identificacion_id: 'Tipo de identificación',
  numero_identificacion: 'Número de identificación',
  fecha_nacimiento: 'Fecha de nacimiento',
  genero: 'Género',
  celular: 'Celular',
  pais_id: 'País',
  departamento_id: 'Departamento',
  ciudad_id: 'Ciudad',
  direccion: 'Dirección',
  nivel_educativo_id: 'Nivel educativo',
} as const;

export const HISTORY_LABELS: Record<string, Record<string, string>> = {
  users: {
    ...Object.fromEntries(USERS_DEF.fields.map((f) => [f.name, f.label])),
    ...PERSONAL_LABELS,
    photo_key: 'Foto',
    sponsor_id: 'Patrocinador',
    dos_pasos: 'Verificación en dos pasos',
  },
  perfil: {
    nombre_publico: 'Nombre público',
    descripcion: 'Descripción',
    ...labelsOf(PROFILE_REFS),
    ...labelsOf(PHYSICAL_REFS),
    ...labelsOf(PROFILE_MULTI),
    estatura_cm: 'Estatura (cm)',
    peso_kg: 'Peso (kg)',
    redes: 'Redes sociales',
    ubicaciones: 'Ubicaciones',
    galeria: 'Galería',
    estado: 'Estado',
    comentario: 'Comentario',
    estado_publicacion: 'Estado de publicación',
    comentario_publicacion: 'Comentario de publicación',
    enviado_at: 'Enviado a revisión',
  },
  beneficiarios: {
    nombre: 'Nombre completo',
    tipo_identificacion_id: 'Tipo de identificación',
    numero_identificacion: 'Número de identificación',
    parentesco_id: 'Parentesco',
    porcentaje: 'Porcentaje',
  },
  informacion_pago: {
    metodo_pago_id: 'Método de pago',
    banco_id: 'Banco',
    tipo_cuenta: 'Tipo de cuenta',
    numero_cuenta: 'Número de cuenta',
    titular: 'Titular',
    tipo_billetera: 'Tipo de billetera',
    criptomoneda_id: 'Criptomoneda',
    direccion_billetera: 'Dirección de la billetera',
  },
  validacion_identidad: {
    ...Object.fromEntries(Object.entries(IDENTITY_DOC_LABELS).map(([k, l]) => [`${k}_key`, l])),
    estado: 'Estado',
    comentario: 'Comentario',
    enviado_at: 'Enviado a revisión',
    revisado_at: 'Revisado',
  },
};

const resourcesOf = (entries: Record<string, { resource: string }>) =>
  Object.fromEntries(Object.entries(entries).map(([k, f]) => [k, f.resource]));

const PERSONAL_REFS = {
  tipo_identificacion_id: 'tiposidentificacion',
  nivel_educativo_id: 'niveleseducativos',
  pais_id: 'paises',
  departamento_id: 'departamentos',
  ciudad_id: 'ciudades',
};

/** The reference fields of the same records → their catalogue: the history shows names, not ids. */
export const HISTORY_REFS: Record<string, Record<string, string>> = {
  users: { ...PERSONAL_REFS, roles: 'roles' },
  perfil: {
    ...resourcesOf(PROFILE_REFS),
    ...resourcesOf(PHYSICAL_REFS),
    ...resourcesOf(PROFILE_MULTI),
    'redes.red_id': 'redes',
    'ubicaciones.pais_id': 'paises',
    'ubicaciones.departamento_id': 'departamentos',
    'ubicaciones.ciudad_id': 'ciudades',
  },
  beneficiarios: { tipo_identificacion_id: 'tiposidentificacion', parentesco_id: 'parentesco' },
  informacion_pago: { metodo_pago_id: 'metodosdepago', banco_id: 'bancos', criptomoneda_id: 'criptomoneda' },
};

/** A code read by its name from one of the spec's fixed lists (account type, wallet type, gender). */
const named =
  (list: readonly { codigo: string; nombre: string }[]) =>
  (value: unknown): string =>
    list.find((o) => o.codigo === value)?.nombre ?? String(value);

/** A stored file (a photo, a document) by the start of its random name: 'Archivo a1b2c3'. */
const file = (value: unknown): string => {
  const name = String(value).split('/').pop() ?? '';
  return `Archivo ${name.slice(0, 6)}`;
};

/** A list of rows as one line per history cell; an empty list reads as a dash. */
const listOf =
  (
    row: (r: Record<string, unknown>, named: Record<string, (value: unknown) => string>) => string,
    sep = ', ',
  ) =>
  (value: unknown, named: Record<string, (value: unknown) => string>): string =>
    rowsOf(value)
      .map((r) => row(r, named))
      .join(sep) || '—';

/** The same records' coded fields read by name, their lists of rows in words, their files by name. */
export const HISTORY_FORMATS: Record<string, Record<string, HistoryFormat>> = {
  users: { ...fieldFormats(USERS_DEF.fields), genero: named(CONSTANTS.generos), photo_key: file },
  perfil: {
    redes: listOf((r, n) => `${n['redes.red_id']!(r.red_id)}: ${String(r.usuario ?? '')}`),
    ubicaciones: listOf(
      (r, n) =>
        [
          n['ubicaciones.pais_id']!(r.pais_id),
          n['ubicaciones.departamento_id']!(r.departamento_id),
          n['ubicaciones.ciudad_id']!(r.ciudad_id),
        ]
          .filter(Boolean)
          .join(' / ') + (r.zona ? ` (${String(r.zona)})` : ''),
      '; ',
    ),
    galeria: imagesCount,
  },
  validacion_identidad: Object.fromEntries(Object.keys(IDENTITY_DOC_LABELS).map((k) => [`${k}_key`, file])),
  // A share is kept in basis points (6000 = 60 %), as the beneficiaries' table shows it.
  beneficiarios: { porcentaje: (value) => formatPercent(Number(value) / 100) },
  informacion_pago: {
    tipo_cuenta: named(CONSTANTS.tiposCuenta),
    tipo_billetera: named(CONSTANTS.tiposBilletera),
  },
};
