// Options for reference selects and filters: the autocomplete endpoint of the referenced
// registry entry (active rows, up to 500 with an empty q), narrowed by a parent id when given.
// Cached and shared by every select of the same catalogue (TanStack Query, STALE.lookups).
import type { AutocompleteOption } from '@shared/resource-types';
import { RESOURCE_BY_KEY } from '@shared/resources';
import { useQuery } from '@tanstack/react-query';
import { client, ok, resourceClient, withSignal } from '@/lib/client';
import { keyOf, STALE } from '@/lib/query';

/** An option: id, label and the entry's extra autocomplete fields, typed (a payment method's `tipo`). */
export type Lookup = AutocompleteOption;

type Source = {
  path: string;
  load: (params: Record<string, string>, signal: AbortSignal) => Promise<Lookup[]>;
};

/** Roles are not a registry entry; their list comes with the user form's initForm. */
const SPECIAL: Record<string, Source> = {
  roles: {
    path: '/seguridad/users/initForm',
    load: async (_params, signal) =>
      (await ok(client.seguridad.users.initForm.$get(undefined, withSignal(signal)))).roles.map((r) => ({
        id: r.id,
        label: r.nombre,
      })),
  },
  /** The roles the signed-in user may give (the server's grant rule): the user form's choices. */
  rolesAsignables: {
    path: '/seguridad/users/initForm',
    load: async (_params, signal) =>
      (await ok(client.seguridad.users.initForm.$get(undefined, withSignal(signal)))).roles
        .filter((r) => r.asignable)
        .map((r) => ({ id: r.id, label: r.nombre })),
  },
};

export function lookupSource(refKey: string | undefined): Source | null {
  if (!refKey) return null;
  if (SPECIAL[refKey]) return SPECIAL[refKey];
  const def = RESOURCE_BY_KEY.get(refKey);
  if (!def) return null;
  return {
    path: `${def.endpoint}/autocomplete`,
    load: async (params, signal) =>
      (
        await ok(
          resourceClient(def.endpoint).autocomplete.$get({ query: { q: '', ...params } }, withSignal(signal)),
        )
      ).data,
  };
}

/** The query key of a catalogue's options (invalidated when that catalogue is written). */
export const lookupKey = (path: string, params: Record<string, string> = {}) => keyOf(path, params);

export type LookupState = { options: Lookup[]; loading: boolean; error: boolean };

/**
 * The options of `refKey`. `params` narrows them (e.g. `{departamento_id: 5}`); pass
 * `enabled: false` to wait for a parent choice.
 */
export function useLookupQuery(
  refKey: string | undefined,
  params: Record<string, string | number> = {},
  enabled = true,
): LookupState {
  const source = lookupSource(refKey);
  const query = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const on = !!source && enabled;
  const q = useQuery({
    queryKey: lookupKey(source?.path ?? 'none', query),
    queryFn: ({ signal }) => source!.load(query, signal),
    enabled: on,
    staleTime: STALE.lookups,
  });
  if (!on) return { options: [], loading: false, error: false };
  return {
    options: q.data ?? [],
    loading: q.isPending || (q.isFetching && !q.data),
    error: q.isError && !q.isFetching,
  };
}
