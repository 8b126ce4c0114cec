import { useEffect, useState } from 'react';

/**
 * False while React hydrates a page drawn before its code ran (at build time or by the server),
 * and on the server; true from the start on a page rendered in the browser. After hydration it
 * turns true in a render of its own, after the page's effects ran: not in the commit of the
 * hydration (useSyncExternalStore's way), which drew the component again at once and made React
 * run every effect of the page in that same long task (decision 0307). Call it in the smallest
 * component that needs it (the menu button, a submit button), never in a frame.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof document !== 'undefined' && !isHydrating());
  useEffect(() => {
    if (!hydrated) setHydrated(true);
  }, [hydrated]);
  return hydrated;
}

let hydrating = false;

/** main.tsx: the page in #root is being hydrated (until the app's first commit, app-root.tsx). */
export function setHydrating(value: boolean) {
  hydrating = value;
}

/** Whether this render is the hydration of a page drawn before its code ran; read while rendering. */
export function isHydrating(): boolean {
  return hydrating;
}
