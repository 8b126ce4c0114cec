// What a server-rendered document carries beside its HTML (web/server-render.tsx), for the browser
// to hydrate the same page (web/main.tsx): a JSON data block, which the CSP lets through because
// it is never run.
import type { DehydratedState } from '@tanstack/react-query';
import type { SessionSeed } from '@/lib/session-api';

export const SERVED_STATE_ID = 'served-state';

export type ServedState = {
  /** The path the document was drawn for. */
  path: string;
  session: SessionSeed;
  /** The answers the page was drawn with (TanStack Query's dehydrated cache). */
  queries: DehydratedState;
  /** The routes' loader data, by route id (React Router's hydration data). */
  loaderData: Record<string, unknown>;
  /** The ids of the routes the path matched, root first (the browser's route table keeps those). */
  matches: string[];
};

/** The state of a server-rendered document, or null for any other page (or a damaged block). */
export function readServedState(doc: Document): ServedState | null {
  const block = doc.getElementById(SERVED_STATE_ID);
  if (!block?.textContent) return null;
  try {
    const state = JSON.parse(block.textContent) as ServedState;
    return state && typeof state.path === 'string' && state.session && Array.isArray(state.matches)
      ? state
      : null;
  } catch {
    return null;
  }
}
