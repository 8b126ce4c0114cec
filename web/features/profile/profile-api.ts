// The member's own data (worker/modules/profile) through the typed client; reply types come from the handlers.
import { getInitForm } from '@/lib/init-form-api';
import { client, ok, withSignal } from '@/lib/client';
import { keyOf, STALE, useDataQuery } from '@/lib/query';

const general = client.general;
const id = (n: number | string) => ({ id: String(n) });
type Body<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export const getPersonal = (signal?: AbortSignal) =>
  ok(general.miinformacion.$get(undefined, withSignal(signal)));
export const savePersonal = (body: Record<string, unknown>) =>
  ok(general.miinformacion.$put({ json: body as never }));
/** An administrator's view of a member's personal data, and its save (registered users). */
const member = client.consultas.usuariosregistrados[':id{[0-9]+}'];
export const getMemberPersonal = (id: string, signal?: AbortSignal) =>
  ok(member[':tab'].$get({ param: { id, tab: 'personal' } as never }, withSignal(signal)));
// The handler reads its body itself (a masked number keeps the stored one), so hc does not type it.
export const saveMemberPersonal = (id: string, body: Record<string, unknown>) =>
  ok(member.$put({ param: { id }, json: body } as never)) as Promise<{ message?: string }>;
export const getIdentity = (signal?: AbortSignal) =>
  ok(general.validacionIdentidad.$get(undefined, withSignal(signal)));

export const getBeneficiaries = (signal?: AbortSignal) =>
  ok(general.beneficiarios.$get(undefined, withSignal(signal)));
export type Beneficiary = Body<typeof getBeneficiaries>['data'][number];
export const saveBeneficiary = (editingId: number | null, body: Record<string, unknown>) =>
  editingId
    ? ok(general.beneficiarios[':id{[0-9]+}'].$put({ param: id(editingId), json: body as never }))
    : ok(general.beneficiarios.$post({ json: body as never }));
export const deleteBeneficiary = (beneficiaryId: number) =>
  ok(general.beneficiarios[':id{[0-9]+}'].$delete({ param: id(beneficiaryId) }));

export const getPayment = (signal?: AbortSignal) =>
  ok(general.informacionpago.$get(undefined, withSignal(signal)));
export const savePayment = (body: Record<string, unknown>) =>
  ok(general.informacionpago.$put({ json: body as never }));

export const getProfile = (signal?: AbortSignal) => ok(general.perfil.$get(undefined, withSignal(signal)));
export type ProfileData = Body<typeof getProfile>['data'];
export type GalleryImage = ProfileData['galeria'][number];
export type Location = ProfileData['ubicaciones'][number];
/** What each section form gets: its slice of the profile and a way to reload the whole. */
export type SectionProps = {
  data: ProfileData;
  onSaved: () => void;
  /** The fields 'Enviar a revisión' was refused for, with their messages (shown under the fields). */
  missing?: Record<string, string>;
};

const perfil = general.perfil;
export const PROFILE_SECTIONS = {
  perfil: (body: Record<string, unknown>) => ok(perfil.$put({ json: body as never })),
  fisica: (body: Record<string, unknown>) => ok(perfil.fisica.$put({ json: body as never })),
  servicios: (body: Record<string, unknown>) => ok(perfil.servicios.$put({ json: body as never })),
  ubicaciones: (body: Record<string, unknown>) => ok(perfil.ubicaciones.$put({ json: body as never })),
};
export const sendProfile = () => ok(perfil.enviar.$post());
export const setCover = (mediaId: number) =>
  ok(general.perfilmedia[':id{[0-9]+}'].portada.$put({ param: id(mediaId) }));
export const deleteMedia = (mediaId: number) =>
  ok(general.perfilmedia[':id{[0-9]+}'].$delete({ param: id(mediaId) }));

/** Identification types (with their code, for the NIT check) and education levels: reference data, cached. */
export function useInitForm() {
  const res = useDataQuery(keyOf('/auth/initForm'), getInitForm, null, { staleTime: STALE.lookups });
  return {
    tipos: res.data?.tiposIdentificacion ?? [],
    niveles: res.data?.nivelesEducativos ?? [],
    loading: res.status === 'loading',
    error: res.status === 'error',
  };
}
export type { IdentificationType } from '@/lib/init-form-api';
