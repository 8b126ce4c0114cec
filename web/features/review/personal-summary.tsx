// A member's personal information, read-only (identification already masked by the server).
import { CONSTANTS } from '@shared/constants';
import { formatDate, formatDateTime } from '@/lib/format';
import { type Field, FieldList } from '@/features/review/field-list';
import { useLabelOf } from '@/lib/lookups';
import type { PersonalTab } from '@/features/review/review-api';

/** A member's personal data (identification masked by the server), without the beneficiaries. */
export type Personal = Omit<PersonalTab, 'beneficiarios'>;

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function PersonalSummary({ data, columns = 3 }: { data: Personal; columns?: 2 | 3 }) {
  const tipo = useLabelOf('tiposidentificacion', [data.tipo_identificacion_id]);
  const pais = useLabelOf('paises', [data.pais_id]);
  const depto = useLabelOf('departamentos', [data.departamento_id]);
  const ciudad = useLabelOf('ciudades', [data.ciudad_id]);
  const nivel = useLabelOf('niveleseducativos', [data.nivel_educativo_id]);
  const fields: Field[] = [
    ['Usuario', s(data.user_name)],
    ['Correo', s(data.email)],
    ['Nombres', s(data.nombres)],
    ['Apellidos', s(data.apellidos)],
    ['Tipo de identificación', tipo(data.tipo_identificacion_id)],
    ['Número de identificación', s(data.numero_identificacion)],
    ['Fecha de nacimiento', formatDate(s(data.fecha_nacimiento))],
    ['Género', CONSTANTS.generos.find((g) => g.codigo === data.genero)?.nombre ?? s(data.genero)],
    ['Celular', s(data.celular)],
    ['País', pais(data.pais_id)],
    ['Departamento', depto(data.departamento_id)],
    ['Ciudad', ciudad(data.ciudad_id)],
    ['Dirección', s(data.direccion)],
    ['Nivel educativo', nivel(data.nivel_educativo_id)],
    ['Código de referido', s(data.referral_code)],
    ['Registrado', formatDateTime(data.created_at)],
  ];
  return <FieldList fields={fields} columns={columns} />;
}
