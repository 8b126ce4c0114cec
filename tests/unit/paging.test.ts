// The one paged-list state (web/lib/use-paging.ts, decision 0320): the catalogue, the referral
// levels, the settlement preview, a statement's lines and a bank statement's movements page the
// same way, and show the same pager.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataGridPagination } from '../../web/components/data-grid/data-grid-pagination';
import { pageCount, pageRows, pagingReducer } from '../../web/lib/use-paging';

// The text a reader sees (React marks text-node boundaries with empty comments).
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ');

describe('paged lists', () => {
  it('moves between pages, and a new page size or filter starts again at page 1', () => {
    let s = { page: 1, perPage: 20 };
    s = pagingReducer(s, { page: 3 });
    expect(s).toEqual({ page: 3, perPage: 20 });
    expect(pagingReducer(s, { perPage: 50 })).toEqual({ page: 1, perPage: 50 });
    expect(pagingReducer(s, 'first')).toEqual({ page: 1, perPage: 20 });
    expect(pagingReducer(s, { page: 0 })).toEqual({ page: 1, perPage: 20 });
  });

  it('slices a list the API answers whole and counts at least one page', () => {
    const rows = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(pageRows(rows, { page: 2, perPage: 10 })).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageRows(rows, { page: 3, perPage: 10 })).toEqual([21, 22, 23, 24, 25]);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(25, 10)).toBe(3);
  });

  it('shows the range with the list’s own noun, and a size picker only where the size may change', () => {
    const html = renderToString(
      createElement(DataGridPagination, {
        label: 'Paginación del catálogo',
        noun: ['producto', 'productos'],
        page: 2,
        perPage: 12,
        total: 30,
        onPage: () => undefined,
      }),
    );
    expect(html).toContain('aria-label="Paginación del catálogo"');
    expect(text(html)).toContain('13–24 de 30 productos');
    expect(text(html)).toContain('Página 2 de 3');
    expect(html).not.toContain('Filas por página');
    const grid = renderToString(
      createElement(DataGridPagination, {
        page: 1,
        perPage: 10,
        total: 1,
        onPage: () => {},
        onPerPage: () => {},
      }),
    );
    expect(text(grid)).toContain('1–1 de 1 registro');
    expect(grid).toContain('Filas por página');
  });
});
