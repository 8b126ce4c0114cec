import { describe, expect, it } from 'vitest';
import { knownAclVersion, permissionsOf } from '../../worker/platform/acl';

// The per-version role map of worker/platform/acl.ts (decision 0015), fed as the session
// statement feeds it: role ids, the database's version, and the map when the version was stale.
const map = (roles: Record<number, string[]>) =>
  JSON.stringify(Object.fromEntries(Object.entries(roles).map(([id, codes]) => [id, codes.join(',')])));

describe('access-control map per version', () => {
  it('unions the codes of the user roles and remembers the version it was told', () => {
    const held = permissionsOf('1,2', 'v1', map({ 1: ['a', 'b'], 2: ['b', 'c'], 3: ['z'] }));
    expect([...held!].sort()).toEqual(['a', 'b', 'c']);
    expect(knownAclVersion()).toBe('v1');
    // The same version without the map (the statement saw it current): read from the kept map.
    expect([...permissionsOf('3', 'v1', null)!]).toEqual(['z']);
    expect([...permissionsOf(null, 'v1', null)!]).toEqual([]);
    expect([...permissionsOf('9', 'v1', null)!]).toEqual([]); // an inactive role is not in the map
  });

  it('never answers from another version: a version it does not hold asks for the map again', () => {
    permissionsOf('1', 'w1', map({ 1: ['old'] }));
    expect(permissionsOf('1', 'w2', null)).toBeNull();
    expect([...permissionsOf('1', 'w2', map({ 1: ['new'] }))!]).toEqual(['new']);
    expect([...permissionsOf('1', 'w1', null)!]).toEqual(['old']); // another database still at w1
  });

  it('keeps a few versions and drops the oldest, never the one in use', () => {
    permissionsOf('1', 'keep', map({ 1: ['k'] }));
    for (let i = 0; i < 20; i++) permissionsOf('1', `other${i}`, map({ 1: [`o${i}`] }));
    expect(permissionsOf('1', 'other0', null)).toBeNull(); // dropped: the caller re-reads with the map
    expect([...permissionsOf('1', 'other19', null)!]).toEqual(['o19']);
  });
});
