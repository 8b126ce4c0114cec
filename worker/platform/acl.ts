import { sql, type SQLWrapper } from 'drizzle-orm';
import { aclVersion, permissions, rolePermissions, roles, userRoles } from '../db/schema';

/**
 * Which permission codes each active role grants, as of one access-control version (decision 0015).
 *
 * Permissions are read from the database on every request (docs/security.md row 4), but the
 * administrator holds about 600 codes: sending them all with every request cost a third of a
 * millisecond of SQL and 14 kB on the wire to the Worker. So the session statement sends the
 * user's role ids and the database's `acl_version`; the role → codes map is sent only when that
 * version is not the one this process holds — in the same statement, so it costs no round trip —
 * and kept per version. Triggers give the version a new random value on any change to roles,
 * role permissions or the catalogue, inside the writing transaction: a request that reads the new
 * roles also reads the new version, so a stale map can never be used.
 *
 * Only plain data is kept (no I/O objects), which workerd allows across requests (decision 0013).
 */
type RoleCodes = Map<number, readonly string[]>;

const MAPS = new Map<string, RoleCodes>(); // version → map; a few, for processes serving several databases (tests)
const SETS = new Map<string, ReadonlySet<string>>(); // `${version}|${roleIds}` → the user's codes
let lastVersion = '';
const MAX_MAPS = 8;
const MAX_SETS = 512;

/** The version this process would like to be told is still current (a statement parameter). */
export const knownAclVersion = () => lastVersion;

/** Parts of the session statement: the user's role ids, the current version, and the map unless `known` is current. */
const current = sql<string>`(select ${aclVersion.version} from ${aclVersion} where ${aclVersion.id} = 1)`;
export const acl = {
  roleIds: (userId: SQLWrapper) =>
    sql<
      string | null
    >`(select group_concat(${userRoles.roleId}) from ${userRoles} where ${userRoles.userId} = ${userId})`,
  current,
  // CASE is lazy in SQLite: the map is built only when the caller's version is stale.
  mapUnless: (known: string | SQLWrapper) => sql<
    string | null
  >`case when ${current} = ${known} then null else (select json_group_object(cast(role_id as text), codes) from (
      select ${rolePermissions.roleId} as role_id, group_concat(${permissions.code}) as codes from ${rolePermissions}
      join ${roles} on ${roles.id} = ${rolePermissions.roleId} and ${roles.activo} = 1
      join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      group by ${rolePermissions.roleId})) end`,
};

/**
 * The user's codes from a session row: `roleIds` comma-joined, the version, and the map if it was
 * sent. `null` in the rare case the map was not sent and is no longer held (a process serving many
 * databases dropped it while the statement was in flight): the caller asks again with `known` ''.
 */
export function permissionsOf(
  roleIds: string | null,
  version: string,
  map: string | null,
): ReadonlySet<string> | null {
  if (map !== null) remember(version, map);
  const roleMap = MAPS.get(version);
  if (!roleMap) return null;
  lastVersion = version;
  const key = `${version}|${roleIds ?? ''}`;
  let set = SETS.get(key);
  if (!set) {
    const codes = new Set<string>();
    for (const id of roleIds ? roleIds.split(',') : [])
      for (const code of roleMap.get(Number(id)) ?? []) codes.add(code);
    set = codes;
    if (SETS.size >= MAX_SETS) SETS.clear();
    SETS.set(key, set);
  }
  return set;
}

function remember(version: string, map: string) {
  if (MAPS.has(version)) return;
  const parsed = JSON.parse(map) as Record<string, string>;
  const roleMap: RoleCodes = new Map(
    Object.entries(parsed).map(([id, codes]) => [Number(id), codes ? codes.split(',') : []]),
  );
  if (MAPS.size >= MAX_MAPS) {
    for (const old of MAPS.keys()) {
      if (old === lastVersion) continue;
      MAPS.delete(old);
      for (const key of SETS.keys()) if (key.startsWith(`${old}|`)) SETS.delete(key);
      break;
    }
  }
  MAPS.set(version, roleMap);
}
