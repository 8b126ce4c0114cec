// Options for reference selects and filters: the autocomplete endpoint of the referenced
// registry entry (active rows, up to 500 with an empty q), narrowed by a parent id when given.
import { RESOURCE_BY_KEY } from '@shared/resources';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

export type Lookup = { id: number; label: string };

type Source = { path: string; pick: (body: unknown) => Lookup[] };

const autocompleteBody = (body: unknown) => ((body as { data?: Lookup[] } | undefined)?.data ?? []);

/** Roles are not a registry entry; their list comes with the user form's initForm. */
const SPECIAL: Record<string, Source> = {
  roles: {
    path: '/seguridad/users/initForm',
    pick: (body) => ((body as { roles?: { id: number; nombre: string }[] } | undefined)?.roles ?? []).map((r) => ({ id: r.id, label: r.nombre })),
  },
};

export function lookupSource(refKey: string | undefined): Source | null {
  if (!refKey) return null;
  if (SPECIAL[refKey]) return SPECIAL[refKey];
  const def = RESOURCE_BY_KEY.get(refKey);
  return def ? { path: `${def.endpoint}/autocomplete`, pick: autocompleteBody } : null;
}

export type LookupState = { options: Lookup[]; loading: boolean; error: boolean };

/**
 * Loads the options of `refKey`. `params` narrows them (e.g. `{departamento_id: 5}`); pass
 * `enabled: false` to wait for a parent choice.
 */
export function useLookups(refKey: string | undefined, params: Record<string, string | number> = {}, enabled = true): LookupState {
  const [state, setState] = useState<LookupState>(() => ({ options: [], loading: enabled && !!lookupSource(refKey), error: false }));
  const key = JSON.stringify(params);

  useEffect(() => {
    const source = lookupSource(refKey);
    if (!source || !enabled) {
      setState({ options: [], loading: false, error: false });
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: false }));
    api('GET', source.path, { q: '', ...JSON.parse(key) }, { signal: ctrl.signal })
      .then((body) => setState({ options: source.pick(body), loading: false, error: false }))
      .catch((err) => {
        if (!ctrl.signal.aborted) setState({ options: [], loading: false, error: true });
        if (!(err instanceof DOMException)) console.error(err);
      });
    return () => ctrl.abort();
  }, [refKey, key, enabled]);

  return state;
}
