// The two system roles: the seed creates them, registration gives MEMBER_ROLE, and the security
// module keeps ADMIN_ROLE whole (it cannot be renamed, deactivated, trimmed or deleted).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userRoles } from '../db/schema';
import { MEMBER_PERMISSIONS } from '../shared/permissions';

export const MEMBER_ROLE = 'USUARIO';
export const ADMIN_ROLE = 'ADMINISTRADOR';

/**
 * Staff (decision 0077): a user who holds, through an active role, any permission beyond a
 * member's own screens (MEMBER_PERMISSIONS). The administrator, a bank clerk with one
 * configuration screen or a reviewer are staff; a user whose roles — USUARIO or any custom role —
 * grant only member screens is a member. An inactive role grants nothing, so it makes no one staff.
 */
export function isStaff(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userRoles}
    join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.activo} = 1
    join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
    join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
    where ${userRoles.userId} = ${userId}
      and ${permissions.code} not in (${sql.join(
        MEMBER_PERMISSIONS.map((c) => sql`${c}`),
        sql`, `,
      )}))`;
}
