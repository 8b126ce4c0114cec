// The personal-information form's values (strings, as the inputs hold them) and the body the
// API takes (personalInfoSchema).
import { idOrNull, idText, textOrNull } from '@/features/profile/form-ids';
import type { PersonalRecord } from '@/features/profile/profile-api';

export type { PersonalRecord };

export type PersonalValues = {
  nombres: string;
  apellidos: string;
  tipo_identificacion_id: string;
  numero_identificacion: string;
  fecha_nacimiento: string;
  genero: string;
  celular: string;
  pais_id: string;
  departamento_id: string;
  ciudad_id: string;
  direccion: string;
  nivel_educativo_id: string;
};

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function toValues(r: PersonalRecord | undefined): PersonalValues {
  return {
    nombres: str(r?.nombres),
    apellidos: str(r?.apellidos),
    tipo_identificacion_id: idText(r?.tipo_identificacion_id),
    numero_identificacion: str(r?.numero_identificacion),
    fecha_nacimiento: str(r?.fecha_nacimiento),
    genero: str(r?.genero),
    celular: str(r?.celular),
    pais_id: idText(r?.pais_id),
    departamento_id: idText(r?.departamento_id),
    ciudad_id: idText(r?.ciudad_id),
    direccion: str(r?.direccion),
    nivel_educativo_id: idText(r?.nivel_educativo_id),
  };
}

export function toBody(v: PersonalValues) {
  return {
    ...v,
    tipo_identificacion_id: idOrNull(v.tipo_identificacion_id),
    pais_id: idOrNull(v.pais_id),
    departamento_id: idOrNull(v.departamento_id),
    ciudad_id: idOrNull(v.ciudad_id),
    nivel_educativo_id: idOrNull(v.nivel_educativo_id),
    direccion: textOrNull(v.direccion),
  };
}
