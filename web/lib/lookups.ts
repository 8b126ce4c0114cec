// Options for reference selects and filters: the autocomplete endpoint of the referenced
// registry entry (active rows, up to 500 with an empty q), narrowed by a parent id when given.
// Cached and shared by every select of the same catalogue (TanStack Query, STALE.lookups).
// Read-only screens and histories name ids through the same endpoint by id (`?ids=`): those rows
// only, active or not (`useLabelOf`, `useRefLabels`).
import type { AutocompleteOption } from '@shared/resource-types';
import { IDS_MAX } from '@shared/schemas/fields';
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

const isId = (x: unknown): x is number | string =>
  (typeof x === 'number' && Number.isInteger(x) && x > 0) || (typeof x === 'string' && /^\d+$/.test(x));

/**
 * The rows of each catalogue that `wanted` names (catalogue key → ids), active or not, read by id
 * (`autocomplete?ids=`, sorted and at most IDS_MAX per read, so one set shares one cache entry).
 * Roles are not a registry entry: their whole list is read. `loading` until every read landed.
 */
function useRowsById(wanted: Map<string, Set<string>>, enabled: boolean) {
  const reads = [...wanted].flatMap(([k, ids]) => {
    const source = lookupSource(k);
    if (!source || (!ids.size && !SPECIAL[k])) return [];
    if (SPECIAL[k]) return [{ k, source, params: {} as Record<string, string> }];
    const sorted = [...ids].sort((a, b) => Number(a) - Number(b));
    const batches: Record<string, string>[] = [];
    for (let i = 0; i < sorted.length; i += IDS_MAX)
      batches.push({ ids: sorted.slice(i, i + IDS_MAX).join(',') });
    return batches.map((params) => ({ k, source, params }));
  });
  const results = useQueries({
    queries: reads.map(({ source, params }) => ({
      queryKey: lookupKey(source.path, params),
      queryFn: ({ signal }: { signal: AbortSignal }) => source.load(params, signal),
      staleTime: STALE.lookups,
      enabled,
    })),
  });
  const rows = new Map<string, Lookup[]>();
  reads.forEach(({ k }, i) => rows.set(k, [...(rows.get(k) ?? []), ...(results[i]?.data ?? NO_OPTIONS)]));
  return { rows, loading: enabled && results.some((r) => r.isPending) };
}

/** The rows of a list a record holds (objects), or none. */
export const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

/**
 * How the ids of reference fields read (`refs`: field → catalogue key; `list.field` for a field of
 * each row of a list) in `records` (a history's values), while `enabled`: each catalogue is asked
 * for exactly the ids those fields hold. An id the reply lacks tries any list already cached
 * (`cachedLabels`), then reads as itself.
 */
export function useRefLabels(
  refs: Record<string, string>,
  records: readonly Record<string, unknown>[],
  enabled = true,
): Record<string, (value: unknown) => string> {
  const wanted = new Map<string, Set<string>>();
  for (const [field, k] of Object.entries(refs)) {
    const ids = wanted.get(k) ?? new Set<string>();
    wanted.set(k, ids);
    // 'list.field': a field of each row of a list the record holds (a profile's places).
    const [list, sub] = field.split('.') as [string, string?];
    for (const r of records) {
      const value = sub === undefined ? r[field] : rowsOf(r[list]).map((row) => row[sub]);
      for (const one of Array.isArray(value) ? value : [value]) if (isId(one)) ids.add(String(one));
    }
  }
  const { rows } = useRowsById(wanted, enabled);
  return Object.fromEntries(
    Object.entries(refs).map(([field, k]) => {
      const cached = cachedLabels(k);
      const one = (id: unknown) => rows.get(k)?.find((o) => String(o.id) === String(id))?.label ?? cached(id);
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

/**
 * Ids to names on read-only screens: the rows `ids` of `refKey`, active or not. The function
 * gives null for no id, '…' while reading, and '#id' for an id with no row.
 */
export function useLabelOf(refKey: string, ids: readonly unknown[], enabled = true) {
  const wanted = new Map([[refKey, new Set(ids.filter(isId).map(String))]]);
  const { rows, loading } = useRowsById(wanted, enabled);
  const options = rows.get(refKey) ?? NO_OPTIONS;
  return (id: unknown): string | null => {
    if (id === null || id === undefined || id === '') return null;
    return options.find((o) => String(o.id) === String(id))?.label ?? (loading ? '…' : `#${String(id)}`);
  };
}
