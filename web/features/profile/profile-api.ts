// The member's own data (worker/modules/profile) through the typed client; reply types come from the handlers.
import { client, type JsonBody, ok, type Reply, withSignal } from '@/lib/client';

const general = client.general;
const id = (n: number | string) => ({ id: String(n) });
type Body<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export const getPersonal = (signal?: AbortSignal) =>
  ok(general.miinformacion.$get(undefined, withSignal(signal)));
/** A member's personal data as the form reads it. */
export type PersonalRecord = Body<typeof getPersonal>['data'];
export const savePersonal = (body: JsonBody<typeof general.miinformacion.$put>) =>
  ok(general.miinformacion.$put({ json: body }));
/** An administrator's view of a member's personal data, and its save (registered users). */
const member = client.consultas.usuariosregistrados[':id{[0-9]+}'];
/**
 * The personal tab's data. The tab route answers one union for every tab; the personal one is the
 * member that carries the beneficiaries (worker/modules/review/registered-users.ts tabData).
 */
export type MemberPersonal = Extract<
  NonNullable<Reply<(typeof member)[':tab']['$get']>['data']>,
  { beneficiarios: unknown }
>;
export const getMemberPersonal = (id: string, signal?: AbortSignal) =>
  ok(member[':tab'].$get({ param: { id, tab: 'personal' } }, withSignal(signal))) as Promise<{
    data: MemberPersonal;
  }>;
// The handler reads its body itself (a masked number keeps the stored one) and parses it with personalInfoSchema.
export const saveMemberPersonal = (id: string, body: JsonBody<typeof member.$put>) =>
  ok(member.$put({ param: { id }, json: body }));
export const getIdentity = (signal?: AbortSignal) =>
  ok(general.validacionIdentidad.$get(undefined, withSignal(signal)));

const beneficiary = general.beneficiarios[':id{[0-9]+}'];
export const getBeneficiaries = (signal?: AbortSignal) =>
  ok(general.beneficiarios.$get(undefined, withSignal(signal)));
export type Beneficiary = Body<typeof getBeneficiaries>['data'][number];
export const saveBeneficiary = (
  editingId: number | null,
  body: JsonBody<typeof general.beneficiarios.$post> & JsonBody<(typeof beneficiary)['$put']>,
) =>
  editingId
    ? ok(beneficiary.$put({ param: id(editingId), json: body }))
    : ok(general.beneficiarios.$post({ json: body }));
export const deleteBeneficiary = (beneficiaryId: number) =>
  ok(general.beneficiarios[':id{[0-9]+}'].$delete({ param: id(beneficiaryId) }));

export const getPayment = (signal?: AbortSignal) =>
  ok(general.informacionpago.$get(undefined, withSignal(signal)));
export const savePayment = (body: JsonBody<typeof general.informacionpago.$put>) =>
  ok(general.informacionpago.$put({ json: body }));

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
  perfil: (body: JsonBody<typeof perfil.$put>) => ok(perfil.$put({ json: body })),
  fisica: (body: JsonBody<typeof perfil.fisica.$put>) => ok(perfil.fisica.$put({ json: body })),
  servicios: (body: JsonBody<typeof perfil.servicios.$put>) => ok(perfil.servicios.$put({ json: body })),
  ubicaciones: (body: JsonBody<typeof perfil.ubicaciones.$put>) =>
    ok(perfil.ubicaciones.$put({ json: body })),
};
export const sendProfile = () => ok(perfil.enviar.$post());
export const setCover = (mediaId: number) =>
  ok(general.perfilmedia[':id{[0-9]+}'].portada.$put({ param: id(mediaId) }));
export const deleteMedia = (mediaId: number) =>
  ok(general.perfilmedia[':id{[0-9]+}'].$delete({ param: id(mediaId) }));

export type { IdentificationType } from '@/lib/init-form-api';
