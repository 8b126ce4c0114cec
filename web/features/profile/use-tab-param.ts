import { useSearchParams } from 'react-router';

/** The open tab lives in ?tab= so a reload or a shared link opens the same one. */
export function useTabParam<T extends string>(keys: readonly T[], fallback: T) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as T | null;
  const tab = raw && keys.includes(raw) ? raw : fallback;
  const setTab = (next: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === fallback) p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  return [tab, setTab] as const;
}
