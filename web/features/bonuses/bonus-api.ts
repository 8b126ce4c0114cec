// The bonus calls (worker/modules/bonuses/routes.ts) through the typed client; money in cents,
// rates in basis points. Reply types come from the handlers.
import { client, type JsonBody, ok, withSignal } from '@/lib/client';
import { keyOf, queryClient } from '@/lib/query';

const bonos = client.bonos;

export const getMemberCycles = (signal?: AbortSignal) =>
  ok(bonos.ciclobonificacionuser.$get(undefined, withSignal(signal)));
export type MemberCycles = Awaited<ReturnType<typeof getMemberCycles>>;
export type MemberCycle = MemberCycles['data'][number];

export const getCycles = (signal?: AbortSignal) => ok(bonos.ciclos.$get(undefined, withSignal(signal)));
export type Cycle = Awaited<ReturnType<typeof getCycles>>['data'][number];

export const PREVIEW_PAGE_SIZE = 20;
const previewPage = (clave: string, page: number, signal?: AbortSignal) =>
  ok(
    bonos.ciclos.preview.usuarios.$get(
      { query: { clave, page: String(page), perPage: String(PREVIEW_PAGE_SIZE) } },
      withSignal(signal),
    ),
  );
export type PreviewPage = Awaited<ReturnType<typeof previewPage>>;
/** One page of the dry run, on demand (a button), through the query cache. */
export const loadPreview = (clave: string, page: number) =>
  queryClient.fetchQuery({
    queryKey: keyOf('/bonos/ciclos/preview/usuarios', { clave, page }),
    queryFn: ({ signal }) => previewPage(clave, page, signal),
    staleTime: 0,
  });

/** The dry run's sums of a month (users, lines, total): what 'Liquidar' would write. */
export const getPreviewSums = (clave: string, signal?: AbortSignal) =>
  ok(bonos.ciclos.preview.$get({ query: { clave } }, withSignal(signal)));

export const settleCycle = (clave: string) => ok(bonos.ciclos.liquidar.$post({ json: { clave } }));
export type SettleAnswer = Awaited<ReturnType<typeof settleCycle>>;

export const payLines = (body: { ids: number[]; estado: 'PAGADO'; comentario: string | null }) =>
  ok(bonos.ciclobonificacionuser.estado.$put({ json: body }));

export const getRates = (signal?: AbortSignal) => ok(bonos.detallebonos.$get(undefined, withSignal(signal)));
export type Rate = Awaited<ReturnType<typeof getRates>>['data'][number];
export const getRate = (id: string, signal?: AbortSignal) =>
  ok(bonos.detallebonos[':id{[0-9]+}'].$get({ param: { id } }, withSignal(signal)));
export const saveRate = (id: number, body: { porcentaje: number; descripcion: string | null }) =>
  ok(bonos.detallebonos[':id{[0-9]+}'].$put({ param: { id: String(id) }, json: body }));

/** One cycle's per-user rows, a page of the grid (its query is the grid's URL state). */
export const listCycleUsers = (cycleId: number, query: Record<string, string>, signal?: AbortSignal) => {
  // The handler reads the list's query itself (no query validator), so hc does not type it.
  const args = { param: { id: String(cycleId) }, query };
  return ok(bonos.ciclos[':id{[0-9]+}'].usuarios.$get(args, withSignal(signal)));
};
export type CycleUserRow = Awaited<ReturnType<typeof listCycleUsers>>['data'][number];

/** A member-cycle row's statement (decision 0230): head, carried-in cycles, adjustments and a page of lines. */
export const getStatement = (id: number, page: number, perPage: number, signal?: AbortSignal) =>
  ok(
    bonos.ciclobonificacionuser[':id{[0-9]+}'].extracto.datos.$get(
      { param: { id: String(id) }, query: { page: String(page), perPage: String(perPage) } },
      withSignal(signal),
    ),
  );
export type Statement = Awaited<ReturnType<typeof getStatement>>;
/** One line of a cycle (level, referral, purchase, base, rate, amount, motivo), as the statement answers it. */
export type BonusLine = Statement['lineas']['data'][number];
/** Where the statement's PDF and Excel are downloaded from (the API answers the owner or an administrator). */
export const statementFile = (id: number, kind: 'pdf' | 'excel') =>
  `/bonos/ciclobonificacionuser/${id}/extracto${kind === 'excel' ? '/excel' : ''}`;

/** The month in course, estimated as the settlement would compute it now. */
export const getMonthEstimate = async (signal?: AbortSignal) =>
  (await ok(bonos.ciclobonificacionuser.estimado.$get(undefined, withSignal(signal)))).data;

// A member-cycle row's state (PUT /bonos/ciclobonificacionuser/estado/:id).
const cycleUserState = bonos.ciclobonificacionuser.estado[':id{[0-9]+}'];
export const setCycleUserState = (id: number, json: JsonBody<typeof cycleUserState.$put>) =>
  ok(cycleUserState.$put({ param: { id: String(id) }, json }));
