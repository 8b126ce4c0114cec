import { eq, inArray, sql } from 'drizzle-orm';
import { withSortKeys } from './sort-keys';
import {
  appMeta,
  permissions,
  consentLedger,
  privacidadFinalidades,
  privacyNoticeVersion,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../db/schema';
import { ADMIN_ROLE, MEMBER_ROLE } from './roles';
import { MEMBER_PERMISSIONS, PERMISSIONS } from '../shared/permissions';
import { randomCode } from './bytes';
import type { Db } from './db';
import { hashPassword } from './password';
import type { Ports } from './ports';

/**
 * Idempotent seed run at every start: the permission catalogue (new entries added, descriptions
 * kept current), ADMINISTRADOR holding all of it, USUARIO with a member's own screens (once),
 * and the first administrator (once). A second start adds nothing.
 */
export async function seed(
  ports: Pick<Ports, 'db' | 'clock' | 'config'>,
  admin: { email: string; password: string },
) {
  const { db, clock, config } = ports;
  const now = clock.now();
  for (let i = 0; i < PERMISSIONS.length; i += 100) {
    const chunk = PERMISSIONS.slice(i, i + 100);
    await db
      .insert(permissions)
      .values(chunk)
      .onConflictDoUpdate({
        target: permissions.code,
        set: { descripcion: sql`excluded.descripcion`, grupo: sql`excluded.grupo` },
      });
  }
  await db
    .insert(roles)
    .values([
      {
        nombre: ADMIN_ROLE,
        descripcion: 'Administrador: todos los permisos',
        createdAt: now,
        updatedAt: now,
      },
      {
        nombre: MEMBER_ROLE,
        descripcion: 'Miembro registrado: sus propias pantallas',
        createdAt: now,
        updatedAt: now,
      },
    ])
    .onConflictDoNothing();
  const [adminRole, memberRole] = await Promise.all(
    [ADMIN_ROLE, MEMBER_ROLE].map((n) =>
      db.select({ id: roles.id }).from(roles).where(eq(roles.nombre, n)).get(),
    ),
  );
  await db.run(
    sql`insert or ignore into role_permissions (role_id, permission_id) select ${adminRole!.id}, id from permissions`,
  );

  if (!(await once(db, 'seed:member-role'))) {
    const ids = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.code, MEMBER_PERMISSIONS));
    if (ids.length)
      await db
        .insert(rolePermissions)
        .values(ids.map((p) => ({ roleId: memberRole!.id, permissionId: p.id })))
        .onConflictDoNothing();
  }
  if (!(await once(db, 'seed:admin'))) {
    const email = admin.email.trim().toLowerCase();
    let user = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (!user) {
      user = await db
        .insert(users)
        .values(
          withSortKeys(users, {
            email,
            userName: 'admin',
            nombres: 'Administrador',
            apellidos: '',
            passwordHash: await hashPassword(admin.password, config.pepper, config.pbkdf2Iterations),
            referralCode: randomCode(8),
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          }),
        )
        .returning({ id: users.id })
        .get();
    }
    await db.insert(userRoles).values({ userId: user!.id, roleId: adminRole!.id }).onConflictDoNothing();
    // The installing operator accepts the notice in force as he sets the platform up (decision
    // 0402): its mandatory purposes only; nothing sensitive is granted for him.
    await db.run(
      sql`insert into ${consentLedger} (user_id, finalidad, otorgada, version, canal, evidencia, actor_id, created_at)
        select ${user!.id}, f.codigo, 1, f.version, 'administrador', ${SEED_EVIDENCE}, ${user!.id}, ${now}
        from ${privacidadFinalidades} f where f.obligatoria = 1 and f.version = (${privacyNoticeVersion})`,
    );
  }
}

export const SEED_EVIDENCE = 'Administrador inicial: aceptó el aviso al instalar la plataforma';

/** Claims a one-time marker; answers whether it had been claimed before. */
async function once(db: Db, key: string): Promise<boolean> {
  const inserted = await db
    .insert(appMeta)
    .values({ key, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning()
    .get();
  return !inserted;
}
