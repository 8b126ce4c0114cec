import { useLocation } from 'react-router';

/** What a grid hands to its /new and /edit screens so they return to the same page and filters. */
export type ListReturnState = { listSearch?: string };

/** The list a /new or /edit/:id screen belongs to (screens are wired under several bases). */
export function listPathOf(pathname: string): string {
  return pathname.replace(/\/+$/, '').replace(/\/(new|edit\/[^/]+)$/, '');
}

export function useListPath(): string {
  return listPathOf(useLocation().pathname);
}

/** The list this form came from, with the grid's search params when it was opened from it. */
export function useBackToList(): string {
  const location = useLocation();
  const search = (location.state as ListReturnState | null)?.listSearch ?? '';
  return listPathOf(location.pathname) + (search.startsWith('?') ? search : '');
}
