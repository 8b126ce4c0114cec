// A list's filters become SQL with their values as parameters, encoded by the filtered column when
// it is one (booleans as 0/1); a filter over an SQL expression has no encoder and still builds.
import { sql } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { bancos } from '../../worker/db/schema';
import { whereOf, whereTemplate, type ListSpec } from '../../worker/platform/list-query';

const dialect = new SQLiteSyncDialect();
type Column = ListSpec['filters'][string]['column'];
const spec = (c: Record<'b' | 'd' | 'e' | 'i' | 't', Column>): ListSpec => ({
  sorts: {},
  defaultSort: { key: 'id', dir: 'asc' },
  filters: {
    b: { kind: 'bool', column: c.b },
    d: { kind: 'daterange', column: c.d },
    e: { kind: 'eq', column: c.e },
    i: { kind: 'int', column: c.i },
    t: { kind: 'text', column: c.t },
  },
});
const columns = spec({
  b: bancos.activo,
  d: bancos.createdAt,
  e: bancos.codigo,
  i: bancos.id,
  t: bancos.nombre,
});
const expression = sql`(${bancos.codigo} || ${bancos.nombre})`;
const expressions = spec({ b: expression, d: expression, e: expression, i: expression, t: expression });
const query = {
  page: 1,
  perPage: 10,
  sorts: {},
  filters: { b: true, d: { from: '2026-03-01', to: '2026-03-01' }, e: 'A', i: '7', t: 'x_y' },
};
const day = [Date.UTC(2026, 2, 1, 5), Date.UTC(2026, 2, 2, 5)];

describe('list filters', () => {
  it('encode values through a column', () => {
    expect(dialect.sqlToQuery(whereOf(query, columns)!).params).toEqual([1, ...day, 'A', 7, '%x\\_y%']);
  });

  it('build over an SQL expression, whose values go as they are', () => {
    expect(dialect.sqlToQuery(whereOf(query, expressions)!).params).toEqual([
      true,
      ...day,
      'A',
      7,
      '%x\\_y%',
    ]);
  });

  it('give a template the same values as placeholders', () => {
    const t = whereTemplate(query, columns);
    expect(dialect.sqlToQuery(t.build()!).sql).toBe(dialect.sqlToQuery(whereOf(query, columns)!).sql);
    expect(Object.values(t.values)).toEqual([true, ...day, 'A', 7, '%x\\_y%']);
    expect(t.shape).toBe('b,d:ft,e,i,t');
  });
});
