// Options for reference selects and filters: the autocomplete endpoint of the referenced
// registry entry (active rows, up to 500 with an empty q), narrowed by a parent id when given.
// Cached and shared by every select of the same catalogue (TanStack Query, STALE.lookups).
import type { AutocompleteOption } from '@shared/resource-types';
import { RESOURCE_BY_KEY } from '@shared/resources';
import { useQueries } from '@tanstack/react-query';
import { client, ok, resourceClient, withSignal } from '@/lib/client';
import { keyOf, queryClient, type Read, STALE, useRead } from '@/lib/query';

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
    // Its own cache entry (a sub-path of the same read): the filtered list must never be served
    // as every role, nor every role as the ones this user may give.
    path: '/seguridad/users/initForm/asignables',
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

/** No options (a stable array: hooks may depend on it). */
const NO_OPTIONS: Lookup[] = [];

/** A catalogue's options as a list: empty until they land (or when the read is idle or failed). */
export const optionsOf = (read: Read<Lookup[]>): Lookup[] => read.data ?? NO_OPTIONS;

/**
 * The options of `refKey`, as the one read shape (`useRead`). `params` narrows them (e.g.
 * `{departamento_id: 5}`); pass `enabled: false` to wait for a parent choice (status `idle`).
 */
export function useLookups(
  refKey: string | undefined,
  params: Record<string, string | number> = {},
  enabled = true,
): Read<Lookup[]> {
  const source = lookupSource(refKey);
  const query = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return useRead(
    source && enabled ? lookupKey(source.path, query) : null,
    (signal) => source!.load(query, signal),
    { staleTime: STALE.lookups },
  );
}

/**
 * How an id (or a list of ids) of `refKey` reads, from the options already cached by the screen's
 * selects (any narrowing) (the conflict banner's comparison); an id whose options are not cached reads as itself.
 */
export function cachedLabels(refKey: string): (value: unknown) => string {
  return (value) => {
    const source = lookupSource(refKey);
    // Every cached list of the catalogue, whatever parent narrowed it (a country's departments).
    const options = source
      ? queryClient.getQueriesData<Lookup[]>({ queryKey: keyOf(source.path) }).flatMap(([, d]) => d ?? [])
      : [];
    const one = (id: unknown) => options.find((o) => String(o.id) === String(id))?.label ?? String(id);
    if (value === null || value === undefined || value === '') return '';
    return Array.isArray(value) ? value.map(one).join(', ') : one(value);
  };
}

/**
 * How the ids of reference fields read (`refs`: field → catalogue key), reading each catalogue's
 * options (all of them, as a select would) while `enabled`: the history panel's readers. An id not
 * among them tries any narrowed list already cached (`cachedLabels`), then reads as itself.
 */
export function useRefLabels(
  refs: Record<string, string>,
  enabled = true,
): Record<string, (value: unknown) => string> {
  const keys = [...new Set(Object.values(refs))].filter((k) => lookupSource(k));
  const results = useQueries({
    queries: keys.map((k) => {
      const source = lookupSource(k)!;
      return {
        queryKey: lookupKey(source.path, {}),
        queryFn: ({ signal }: { signal: AbortSignal }) => source.load({}, signal),
        staleTime: STALE.lookups,
        enabled,
      };
    }),
  });
  const loaded = new Map(keys.map((k, i) => [k, results[i]?.data ?? NO_OPTIONS]));
  return Object.fromEntries(
    Object.entries(refs).map(([field, k]) => {
      const cached = cachedLabels(k);
      const one = (id: unknown) =>
        loaded.get(k)?.find((o) => String(o.id) === String(id))?.label ?? cached(id);
      return [
        field,
        (value: unknown) =>
          value === null || value === undefined || value === ''
            ? ''
            : Array.isArray(value)
              ? value.map(one).join(', ')
              : one(value),
      ];
    }),
  );
}
