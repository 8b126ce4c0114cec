// The streamed export of a grid (docs/decisions/0021): pages of EXPORT_PAGE from the list's own
// page function, the first read before the response starts (its total feeds the audit row), the
// rest only as the workbook is pulled, never past the cap.
import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE, listExport } from '../../worker/platform/xlsx-stream';

function source(total: number) {
  const calls: number[] = [];
  const load = async (page: number, perPage: number) => {
    calls.push(page);
    const from = (page - 1) * perPage;
    return {
      data: Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) => from + i + 1),
      total,
    };
  };
  return { calls, load };
}

async function drain<T>(pages: AsyncIterable<T[][]>) {
  const rows: T[][] = [];
  let largest = 0;
  for await (const page of pages) {
    rows.push(...page);
    largest = Math.max(largest, page.length);
  }
  return { rows, largest };
}

describe('listExport', () => {
  it('reads only the first page before the body is pulled, then one page at a time', async () => {
    const { calls, load } = source(5_000);
    const { filas, pages } = await listExport(load, (n) => [n]);
    expect(filas).toBe(5_000);
    expect(calls).toEqual([1]);
    const { rows, largest } = await drain(pages);
    expect(calls).toEqual([1, 2, 3]);
    expect(largest).toBe(EXPORT_PAGE);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 1));
  });

  it('stops at the cap and reports the capped count', async () => {
    const { calls, load } = source(9_000);
    const { filas, pages } = await listExport(load, (n) => [n], 4_500);
    expect(filas).toBe(4_500);
    const { rows } = await drain(pages);
    expect(rows).toHaveLength(4_500);
    expect(calls).toEqual([1, 2, 3]);
  });

  it('an empty grid gives a header-only workbook from one read', async () => {
    const { calls, load } = source(0);
    const { filas, pages } = await listExport(load, (n) => [n]);
    expect(filas).toBe(0);
    expect((await drain(pages)).rows).toEqual([]);
    expect(calls).toEqual([1]);
  });
});
