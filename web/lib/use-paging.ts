import { DEFAULT_PAGE_SIZE } from '@shared/list-query';
import { useReducer } from 'react';

// The page state of a list that is not a ServerGrid (those keep theirs in the URL,
// components/data-grid/use-grid-state.ts): a page from 1 and a page size; a new size, filter or
// search starts again at page 1 (decision 0320). Shown with the one pager, DataGridPagination.

export type Paging = { page: number; perPage: number };
export type PagingAction = { page: number } | { perPage: number } | 'first';

export function pagingReducer(state: Paging, action: PagingAction): Paging {
  if (action === 'first') return state.page === 1 ? state : { ...state, page: 1 };
  if ('perPage' in action) return { page: 1, perPage: action.perPage };
  return { ...state, page: Math.max(1, Math.floor(action.page) || 1) };
}

/** How many pages `total` rows make (at least one, so "Página 1 de 1" for an empty list). */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** The rows of the page, for a list the API answers whole (paged in the browser). */
export const pageRows = <T>(rows: readonly T[], { page, perPage }: Paging) =>
  rows.slice((page - 1) * perPage, page * perPage);

export function usePaging(perPage: number = DEFAULT_PAGE_SIZE) {
  const [state, dispatch] = useReducer(pagingReducer, { page: 1, perPage });
  return {
    ...state,
    setPage: (page: number) => dispatch({ page }),
    setPerPage: (next: number) => dispatch({ perPage: next }),
    /** Back to page 1 (a new filter, search or file). */
    first: () => dispatch('first'),
  };
}
