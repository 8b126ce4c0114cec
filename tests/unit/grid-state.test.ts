// The one grid's URL state (web/components/data-grid/use-grid-state.ts): what a bookmark may
// carry, per grid, and how two grids of one screen keep apart.
import { DEFAULT_PAGE_SIZE } from '@shared/list-query';
import { describe, expect, it } from 'vitest';
import { parseGridState } from '../../web/components/data-grid/use-grid-state';

const spec = { sortable: ['created_at', 'total'], filterable: ['estado'], hideable: ['total'] };
const params = (q: Record<string, string>) => new URLSearchParams(q);

describe('grid URL state', () => {
  it('keeps the sorts, filters and hidden columns the grid allows and drops the rest', () => {
    const state = parseGridState(
      params({
        page: '3',
        perPage: '50',
        sorts: JSON.stringify({ total: 'desc', password: 'asc', created_at: 'sideways' }),
        filters: JSON.stringify({ estado: 'PAGADO', user_id: 1, nada: '' }),
        hidden: 'total,secreto',
      }),
      spec,
    );
    expect(state).toEqual({
      page: 3,
      perPage: 50,
      sorts: { total: 'desc' },
      filters: { estado: 'PAGADO' },
      hidden: ['total'],
    });
  });

  it('falls back to page 1 and the default page size on nonsense, and ignores broken JSON', () => {
    const state = parseGridState(params({ page: '-2', perPage: '7', sorts: '{nope', filters: '[1]' }), spec);
    expect(state).toEqual({ page: 1, perPage: DEFAULT_PAGE_SIZE, sorts: {}, filters: {}, hidden: [] });
  });

  it('reads only its own prefixed keys when one screen has two grids', () => {
    const url = params({
      'c.page': '2',
      'c.filters': JSON.stringify({ estado: 'PAGADO' }),
      's.page': '4',
      page: '9',
    });
    expect(parseGridState(url, { ...spec, prefix: 'c.' })).toMatchObject({
      page: 2,
      filters: { estado: 'PAGADO' },
    });
    expect(parseGridState(url, { ...spec, prefix: 's.' })).toMatchObject({ page: 4, filters: {} });
  });
});
