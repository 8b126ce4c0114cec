import { useSearchParams } from 'react-router';

// The open tab of a screen lives in ?tab= so a reload or a shared link opens the same one; the
// first tab leaves the URL bare. Switching tab keeps only ?tab=: what the other tab had in the
// URL (a grid's page, sorts, filters) belongs to that tab (decision 0320).

/** The tab the URL names, or `fallback` when it names none of `keys`. */
export function tabOf<T extends string>(params: URLSearchParams, keys: readonly T[], fallback: T): T {
  const raw = params.get('tab');
  return raw !== null && (keys as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

/** The query after moving to `next`: `fallback` (the first tab) is written as no ?tab= at all. */
export function paramsWithTab(next: string, fallback?: string): URLSearchParams {
  return new URLSearchParams(next === fallback ? {} : { tab: next });
}

export function useTabParam<T extends string>(keys: readonly T[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params, keys, fallback);
  const setTab = (next: string) => setParams(paramsWithTab(next, fallback), { replace: true });
  return [tab, setTab] as const;
}

/** Moves to another tab from inside one (e.g. to the member's own list after sending). */
export function useGoToTab() {
  const [, setParams] = useSearchParams();
  return (tab: string) => setParams(paramsWithTab(tab), { replace: true });
}
