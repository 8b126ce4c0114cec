// The registered-user detail remembers its open tab per path (docs/product-spec.md §2), for the session.
import { useState } from 'react';
import { useLocation } from 'react-router';

export function useRememberedTab(keys: readonly string[]) {
  const { pathname } = useLocation();
  const storageKey = `tab:${pathname}`;
  const [picked, setPicked] = useState<string | null>(() => {
    try {
      return sessionStorage.getItem(storageKey);
    } catch {
      return null;
    }
  });
  const tab = picked && keys.includes(picked) ? picked : (keys[0] ?? '');
  const setTab = (next: string) => {
    setPicked(next);
    try {
      sessionStorage.setItem(storageKey, next);
    } catch {
      // private mode: the tab is simply not remembered
    }
  };
  return [tab, setTab] as const;
}
