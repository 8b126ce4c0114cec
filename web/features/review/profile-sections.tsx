// A member's profile, read-only, section by section (the reviewers' views and the registered-user
// detail show the same sections).
import { PHYSICAL_REFS, PROFILE_MULTI, PROFILE_REFS, SERVICE_KEYS } from '@shared/schemas/profile';
import { Badge } from '@/components/ui/badge';
import { type Field, FieldList } from '@/features/review/field-list';
import { useLabelOf } from '@/lib/lookups';
import type { FisicaTab, PerfilTab, ServiciosTab } from '@/features/review/review-api';

/** A catalogue's keys, typed (Object.entries widens them to string). */
const keysOf = <T extends object>(o: T) => Object.keys(o) as (keyof T & string)[];

function RefValue({ resource, id }: { resource: string; id: unknown }) {
  const label = useLabelOf(resource, [id]);
  return <>{label(id)}</>;
}

function Chips({ resource, ids }: { resource: string; ids: unknown }) {
  const list = Array.isArray(ids) ? (ids as number[]) : [];
  const label = useLabelOf(resource, list);
  if (!list.length) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {list.map((id) => (
        <Badge key={id} variant="secondary">
          {label(id)}
        </Badge>
      ))}
    </span>
  );
}

export function PerfilSection({ perfil }: { perfil: PerfilTab }) {
  const redesList = perfil.redes ?? [];
  const redes = useLabelOf(
    'redes',
    redesList.map((r) => r.red_id),
  );
  const fields: Field[] = [
    ['Nombre público', perfil.nombre_publico],
    ...keysOf(PROFILE_REFS).map((k): Field => [
      PROFILE_REFS[k].label,
      perfil[k] ? <RefValue resource={PROFILE_REFS[k].resource} id={perfil[k]} /> : null,
    ]),
    ['Idiomas', <Chips resource="idioma" ids={perfil.idiomas} />],
    [
      'Redes sociales',
      redesList.length ? redesList.map((r) => `${redes(r.red_id) ?? ''}: ${r.usuario}`).join(' · ') : null,
    ],
  ];
  return (
    <div className="grid gap-4">
      <FieldList fields={fields} columns={3} />
      <div className="grid gap-0.5">
        <p className="text-xs font-medium text-muted-foreground">Descripción</p>
        <p className="text-sm whitespace-pre-line">{perfil.descripcion || '—'}</p>
      </div>
    </div>
  );
}

export function FisicaSection({ fisica }: { fisica: FisicaTab }) {
  const fields: Field[] = [
    ...keysOf(PHYSICAL_REFS).map((k): Field => [
      PHYSICAL_REFS[k].label,
      fisica[k] ? <RefValue resource={PHYSICAL_REFS[k].resource} id={fisica[k]} /> : null,
    ]),
    ['Estatura', fisica.estatura_cm ? `${String(fisica.estatura_cm)} cm` : null],
    ['Peso', fisica.peso_kg ? `${String(fisica.peso_kg)} kg` : null],
  ];
  return <FieldList fields={fields} columns={3} />;
}

export function ServiciosSection({ servicios }: { servicios: ServiciosTab }) {
  const fields: Field[] = SERVICE_KEYS.map((k): Field => [
    PROFILE_MULTI[k].label,
    <Chips resource={PROFILE_MULTI[k].resource} ids={servicios[k]} />,
  ]);
  return <FieldList fields={fields} columns={2} />;
}
