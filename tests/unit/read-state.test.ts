// The one read shape of the SPA (web/lib/query.ts `useRead`, decision 0100): what a screen draws
// for each moment of a read — nothing to load, no answer yet, the answer, or the failure.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/lib/api';
import { readState } from '../../web/lib/query';

type Facts = Parameters<typeof readState<string>>[1];
const facts = (f: Partial<Facts>): Facts => ({
  data: undefined,
  error: null,
  isError: false,
  isFetching: false,
  errorUpdatedAt: 0,
  dataUpdatedAt: 0,
  ...f,
});
const fail = (status: number) => new ApiError(status, '', { message: 'x' });

describe('read state', () => {
  it('is idle without a key, whatever the cache holds', () => {
    expect(readState(false, facts({ data: 'old', dataUpdatedAt: 5 }))).toEqual({
      status: 'idle',
      data: undefined,
      error: null,
    });
  });

  it('loads until the first answer, then shows it (and keeps it while it reloads)', () => {
    expect(readState(true, facts({ isFetching: true })).status).toBe('loading');
    expect(readState(true, facts({ data: 'a', dataUpdatedAt: 1 }))).toEqual({
      status: 'ready',
      data: 'a',
      error: null,
    });
    expect(readState(true, facts({ data: 'a', dataUpdatedAt: 1, isFetching: true })).status).toBe('ready');
  });

  it('tells a missing record and a refused one apart from other failures', () => {
    const at = { isError: true, errorUpdatedAt: 2 };
    expect(readState(true, facts({ ...at, error: fail(404) })).error).toEqual({
      notFound: true,
      forbidden: false,
    });
    expect(readState(true, facts({ ...at, error: fail(403) })).error).toEqual({
      notFound: false,
      forbidden: true,
    });
    expect(readState(true, facts({ ...at, error: fail(500) })).error).toEqual({
      notFound: false,
      forbidden: false,
    });
    expect(readState(true, facts({ ...at, error: new TypeError('offline') })).status).toBe('error');
  });

  it('shows a failed reload of the answer on screen, keeping that answer', () => {
    const s = readState(
      true,
      facts({ data: 'a', dataUpdatedAt: 1, isError: true, error: fail(500), errorUpdatedAt: 2 }),
    );
    expect(s).toEqual({ status: 'error', data: 'a', error: { notFound: false, forbidden: false } });
  });

  it('forgets an old failure once a newer answer landed', () => {
    const s = readState(
      true,
      facts({ data: 'b', dataUpdatedAt: 3, isError: true, error: fail(500), errorUpdatedAt: 2 }),
    );
    expect(s.status).toBe('ready');
  });

  it('shows no failure while a retry is under way', () => {
    expect(
      readState(true, facts({ isError: true, error: fail(500), errorUpdatedAt: 2, isFetching: true })).status,
    ).toBe('loading');
  });
});
