// The two system roles: the seed creates them, registration gives MEMBER_ROLE, and the security
// module keeps ADMIN_ROLE whole (it cannot be renamed, deactivated, trimmed or deleted).
export const MEMBER_ROLE = 'USUARIO';
export const ADMIN_ROLE = 'ADMINISTRADOR';
