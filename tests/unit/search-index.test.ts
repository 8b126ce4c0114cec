// How typed text becomes FTS5 queries (worker/platform/search-index.ts, decision 0151): only
// letters and digits reach a word query, a trigram phrase escapes its quotes, and a long word
// before the last is taken whole (a prefix longer than the indexed ones would merge whole lists).
import { describe, expect, it } from 'vitest';
import { fragmentQuery, wordQuery } from '../../worker/platform/search-index';

describe('search queries', () => {
  it('turns words into quoted prefixes and drops FTS5 syntax', () => {
    expect(wordQuery('José  PÉREZ')).toBe('"josé"* "pérez"*');
    expect(wordQuery('"*:( OR NEAR')).toBe('"or"* "near"*');
    expect(wordQuery('  "*:(  ')).toBeNull();
    expect(wordQuery('maria perez', ['nombres', 'apellidos'])).toBe(
      '{nombres apellidos} : ("maria"* "perez"*)',
    );
  });

  it('takes a long word before the last as typed in full, and keeps the last a prefix', () => {
    expect(wordQuery('rodriguez fernand')).toBe('"rodriguez" "fernand"*');
    expect(wordQuery('sofi muño')).toBe('"sofi"* "muño"*');
  });

  it('a fragment is a phrase with its quotes doubled, from 3 characters', () => {
    expect(fragmentQuery('ab')).toBeNull();
    expect(fragmentQuery(' 30405 ')).toBe('"30405"');
    expect(fragmentQuery('a"b@c')).toBe('"a""b@c"');
    expect(fragmentQuery('ocio1@', 'email')).toBe('{email} : "ocio1@"');
  });
});
