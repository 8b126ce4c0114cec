import {
  activationWrite,
  auditedExport,
  historyInsert,
  actorOf as auditActor,
  bumpVersion,
  runAudited,
  type HistoryRow,
  type Statement,
  savePhoto,
  USER_AUDITED,
  userEdit,
} from '../../platform/audit';
import { withSortKeys } from '../../platform/sort-keys';
import { USER_LIST_FILTERS, USER_LIST_SORTS } from '../../platform/search-index';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { roles, userRoles, users } from '../../db/schema';
import { requires, signedIn } from '../../platform/auth';
import { randomCode } from '../../platform/bytes';
import type { Db } from '../../platform/db';
import { conflict, invalid, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import { hashPassword } from '../../platform/password';
import type { AppEnv } from '../../platform/ports';
import { serveStored } from '../../platform/uploads';
import { json, params, parseWith } from '../../platform/validate';
import { listExport } from '../../platform/xlsx-stream';
import { MSG } from '../../shared/messages';
import { configPermission, P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import {
  setPasswordSchema,
  userCreateSchema,
  userRolesSchema,
  userUpdateSchema,
  USERS_DEF,
} from '../../shared/security-resources';
import { clearLockout, disableTotp, lockedAccounts, revokeSessions } from '../auth';
import { cellOf } from '../resources';
import {
  checkRoleIds,
  guardCeiling,
  guardLastAdmin,
  guardNotSelf,
  guardRoleGrant,
  permissionCodesOfRole,
  roleNamesOf,
} from './service';
import { photoUrl, uploadPhoto } from '../../platform/user-photo';
import { deletedFilesDays, fileGone, fileStillThere } from '../../platform/deleted-files';
import { paginate } from '../../platform/paginate';
import { MEMBER_NAME_COLUMNS } from '../../platform/member-columns';

const perm = (a: 'view' | 'new' | 'edit' | 'export') => requires(configPermission('seguridad:usuarios', a));
const idParam = params(v.object({ id: id() }));
const actorOf = (c: Context<AppEnv>) => ({ id: c.var.user.id, permissions: c.var.permissions });

const spec: ListSpec = {
  sorts: { ...USER_LIST_SORTS, activo: users.activo },
  filters: {
    ...USER_LIST_FILTERS,
    rol: {
      kind: 'int',
      column: users.id,
      build: (value) =>
        sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${Number(value)})`,
    },
  },
  defaultSort: { key: 'created_at', dir: 'desc' },
};

const publicColumns = {
  ...MEMBER_NAME_COLUMNS,
  activo: users.activo,
  created_at: users.createdAt,
  photoKey: users.photoKey,
  updatedAt: users.updatedAt,
  version: users.version,
};

async function withRoles<T extends { id: number; photoKey: string | null; updatedAt: number }>(
  db: Db,
  rows: T[],
) {
  const links = rows.length
    ? await db
        .select({ userId: userRoles.userId, id: roles.id, nombre: roles.nombre })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map(({ photoKey, updatedAt, ...r }) => {
    const mine = links.filter((l) => l.userId === r.id);
    return {
      ...r,
      photo_url: photoUrl(r.id, photoKey, updatedAt),
      roles: mine.map((l) => l.id),
      roles_items: mine.map((l) => ({ id: l.id, nombre: l.nombre })),
    };
  });
}

async function listUsers(db: Db, query: ReturnType<typeof parseListQuery>) {
  const where = whereOf(query, spec);
  const { data: rows, total } = await paginate(
    db,
    db
      .select(publicColumns)
      .from(users)
      .where(where)
      .orderBy(...orderOf(query, spec, users.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(users).where(where),
  );
  return { data: await withRoles(db, rows), total };
}

async function getUser(db: Db, userId: number) {
  const row = await db.select(publicColumns).from(users).where(eq(users.id, userId)).get();
  if (!row) throw notFound();
  return (await withRoles(db, [row]))[0]!;
}

async function checkUnique(db: Db, email: string, userName: string, exceptId?: number) {
  const clash = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`(${users.email} = ${email} or lower(${users.userName}) = lower(${userName}))`,
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .get();
  if (clash) throw conflict(USERS_DEF.uniqueMessage);
}

/** A user's writes are audited with the role ids in the snapshot; the password hash never enters it. */
export { USER_AUDITED };

/**
 * The statements that replace a user's roles (given the user's id in the write's batch), with their
 * state-history row (SECURITY row 15); none when they do not change.
 */
async function roleStatements(
  db: Db,
  userId: number | 'new',
  roleIds: number[],
): Promise<{ linked: (id: SQL) => Statement[]; history: HistoryRow[] }> {
  const before = userId === 'new' ? [] : await roleNamesOf(db, userId);
  const names = roleIds.length
    ? (
        await db
          .select({ nombre: roles.nombre })
          .from(roles)
          .where(inArray(roles.id, roleIds))
          .orderBy(roles.nombre)
      ).map((r) => r.nombre)
    : [];
  if (before.join(',') === names.join(',')) return { linked: () => [], history: [] };
  return {
    linked: (id) => [
      db.run(sql`delete from ${userRoles} where user_id = ${id}`),
      db.run(sql`insert into ${userRoles} (user_id, role_id)
        select ${id}, value from json_each(${JSON.stringify([...new Set(roleIds)])})`),
    ],
    history: [
      { entity: 'usuario_roles', from: before.join(',') || null, to: names.join(',') || 'SIN ROLES' },
    ],
  };
}

/** Replaces a user's roles with their activity, revision and audit rows, in one batch. */
async function setRoles(c: Context<AppEnv>, userId: number, roleIds: number[]) {
  const db = c.var.db;
  const actor = auditActor(c);
  const change = await roleStatements(db, userId, roleIds);
  if (!change.history.length) return;
  await runAudited(db, {
    audited: USER_AUDITED,
    id: userId,
    action: 'editar',
    actor,
    write: db.update(users).set({ updatedAt: actor.at, version: bumpVersion }).where(eq(users.id, userId)),
    ...change,
  });
}

/**
 * Saves the users screen's fields (and roles) through every guard of the form: the privilege
 * ceiling, unique names, grantable roles, the last administrator, the version it read. A restore
 * from the history comes this way too (action 'restaurar', decision 0253).
 */
async function saveUser(
  c: Context<AppEnv>,
  userId: number,
  body: v.InferOutput<typeof userUpdateSchema>,
  action: 'editar' | 'restaurar' = 'editar',
) {
  const { db } = c.var;
  const current = await getUser(db, userId);
  const sensitive =
    current.email !== body.email ||
    current.user_name !== body.user_name ||
    current.activo !== body.activo ||
    [...current.roles].sort().join() !== [...new Set(body.roles)].sort().join();
  if (sensitive) await guardCeiling(db, actorOf(c), userId);
  await checkUnique(db, body.email, body.user_name, userId);
  await checkRoleIds(db, body.roles);
  await guardRoleGrant(db, { id: c.var.user.id, permissions: c.var.permissions }, userId, body.roles);
  await guardLastAdmin(db, userId, { activo: body.activo, roleIds: body.roles });
  const before = current;
  const actor = auditActor(c);
  const now = actor.at;
  const rolesChange = await roleStatements(db, userId, body.roles);
  await runAudited(db, {
    ...userEdit(
      db,
      userId,
      withSortKeys(users, {
        email: body.email,
        userName: body.user_name,
        nombres: body.nombres,
        apellidos: body.apellidos,
        activo: body.activo,
        updatedAt: now,
      }),
      { version: body.version, actor, action },
    ),
    linked: rolesChange.linked,
    history: [
      ...rolesChange.history,
      ...(before.activo !== body.activo
        ? [
            {
              entity: 'usuario',
              from: before.activo ? 'ACTIVO' : 'INACTIVO',
              to: body.activo ? 'ACTIVO' : 'INACTIVO',
              userId: c.var.user.id,
              at: now,
            },
          ]
        : []),
    ],
  });
}

/** The fields of a user a restore may copy back (no secret is ever in a snapshot to begin with). */
export const USER_RESTORABLE = ['email', 'user_name', 'nombres', 'apellidos', 'activo', 'roles'] as const;

/** Copies chosen fields of a user back from a revision, through the users form's own write. */
export async function restoreUser(
  c: Context<AppEnv>,
  userId: number,
  values: Record<string, unknown>,
  version?: number,
): Promise<void> {
  const current = await getUser(c.var.db, userId);
  const merged: Record<string, unknown> = {
    user_name: current.user_name,
    email: current.email,
    nombres: current.nombres,
    apellidos: current.apellidos ?? '',
    roles: current.roles,
    activo: current.activo,
    ...values,
    version: version ?? current.version,
  };
  if ('activo' in values) merged.activo = Boolean(values.activo);
  if ('roles' in values) merged.roles = Array.isArray(values.roles) ? values.roles.map(Number) : [];
  await saveUser(c, userId, parseWith(userUpdateSchema, merged), 'restaurar');
}

/**
 * Puts back the photo a revision names (or no photo), while its file is still kept (the bin's
 * grace period): the photo the user has now goes to the bin in turn. A user above the caller's
 * ceiling is refused, as when uploading one.
 */
export async function restorePhoto(
  c: Context<AppEnv>,
  userId: number,
  values: Record<string, unknown>,
  version?: number,
): Promise<void> {
  const { db, blobs } = c.var;
  const before = await db.select({ photoKey: users.photoKey }).from(users).where(eq(users.id, userId)).get();
  if (!before) throw notFound();
  await guardCeiling(db, actorOf(c), userId);
  const key = values.photo_key ?? null;
  if (key !== null && typeof key !== 'string') throw invalid({ campos: [MSG.invalid] });
  if (key && key !== before.photoKey && !(await fileStillThere(blobs, key)))
    throw conflict(fileGone('la foto', await deletedFilesDays(db)));
  await savePhoto(db, userId, key, auditActor(c), {
    previous: before.photoKey,
    action: 'restaurar',
    version,
  });
}

export const userRoutes = new Hono<AppEnv>()
  .get('/', perm('view'), async (c) => c.json(await listUsers(c.var.db, parseListQuery(c.req.query(), spec))))
  .get('/excel', perm('export'), async (c) => {
    const query = parseListQuery({ ...c.req.query(), page: '1', perPage: '100' }, spec);
    const cols = USERS_DEF.columns.map((col) =>
      col.field === 'roles' ? { ...col, labelField: 'nombre' } : col,
    );
    const db = c.var.db;
    const { filas, pages } = await listExport(
      (page, perPage) => listUsers(db, { ...query, page, perPage }),
      (r) => cols.map((col) => cellOf(col, r)),
    );
    return auditedExport(c, {
      entity: 'usuarios',
      comentario: JSON.stringify({ filters: query.filters, filas }),
      file: 'usuarios',
      body: [{ name: 'Usuarios', headers: cols.map((col) => col.header), pages }],
    });
  })
  .get('/initForm', perm('view'), async (c) => {
    const db = c.var.db;
    const data = await db
      .select({ id: roles.id, nombre: roles.nombre, activo: roles.activo })
      .from(roles)
      .orderBy(asc(roles.nombre));
    // asignable: the role holds no permission the caller lacks, so guardRoleGrant lets him give it
    // (the user form offers only these; the grid's role filter still lists every role).
    const held = c.var.permissions;
    const withGrant = [];
    for (const role of data)
      withGrant.push({
        ...role,
        asignable: (await permissionCodesOfRole(db, role.id)).every((code) => held.has(code)),
      });
    return c.json({ roles: withGrant });
  })
  // A photo shows to its owner and to whoever may look the user up; anyone else gets 404.
  .get('/image/:id{[0-9]+}', signedIn(), idParam, async (c) => {
    const held = c.var.permissions;
    const seer = [
      configPermission('seguridad:usuarios', 'view'),
      P.usuariosRegistrados,
      P.controlInformacionPersonal,
      P.controlPerfil,
      P.controlPublicaciones,
    ].some((p) => held.has(p));
    if (c.req.valid('param').id !== c.var.user.id && !seer) throw notFound();
    const row = await c.var.db
      .select({ photoKey: users.photoKey })
      .from(users)
      .where(eq(users.id, c.req.valid('param').id))
      .get();
    const blob = row?.photoKey ? await c.var.blobs.get(row.photoKey) : null;
    if (!blob) throw notFound();
    return serveStored(c, blob, blob.contentType, blob.fileName ?? 'foto', true);
  })
  .put('/toggle', perm('edit'), json(v.object({ id: id(), value: v.boolean(MSG.invalid) })), async (c) => {
    const { id: userId, value } = c.req.valid('json');
    const user = await getUser(c.var.db, userId);
    await guardCeiling(c.var.db, actorOf(c), userId);
    if (!value) await guardLastAdmin(c.var.db, userId, { activo: false, roleIds: user.roles });
    await runAudited(
      c.var.db,
      activationWrite(c.var.db, {
        audited: USER_AUDITED,
        entity: 'usuario',
        id: userId,
        from: user.activo,
        value,
        actor: auditActor(c),
      }),
    );
    return c.json({ data: await getUser(c.var.db, userId), message: MSG.updated });
  })
  // Sign-in lockouts (decision 0461): the accounts locked now, and «Desbloquear» with its own
  // permission, recorded in the activity as the user's.
  .get('/bloqueados', requires(P.desbloquearUsuarios), async (c) => {
    const now = c.var.clock.now();
    const locks = await lockedAccounts(c.var.db, now);
    const found = locks.length
      ? await c.var.db
          .select({ id: users.id, email: users.email, user_name: users.userName })
          .from(users)
          .where(
            inArray(
              users.email,
              locks.map((l) => l.email),
            ),
          )
          .orderBy(asc(users.email))
      : [];
    const until = new Map(locks.map((l) => [l.email, Number(l.hasta)]));
    return c.json({ data: found.map((u) => ({ ...u, bloqueado_hasta: until.get(u.email)! })) });
  })
  .post('/:id{[0-9]+}/desbloquear', requires(P.desbloquearUsuarios), idParam, async (c) => {
    const { db } = c.var;
    const userId = c.req.valid('param').id;
    const user = await getUser(db, userId);
    const actor = auditActor(c);
    await runAudited(db, {
      audited: USER_AUDITED,
      id: userId,
      action: 'desbloquear',
      actor,
      before: [clearLockout(db, user.email)],
      write: db.update(users).set({ updatedAt: actor.at, version: bumpVersion }).where(eq(users.id, userId)),
    });
    return c.json({ message: MSG.unlocked });
  })
  .get('/:id{[0-9]+}', perm('view'), idParam, async (c) =>
    c.json({ data: await getUser(c.var.db, c.req.valid('param').id) }),
  )
  .post('/', perm('new'), json(userCreateSchema), async (c) => {
    const { db, config } = c.var;
    const body = c.req.valid('json');
    await checkUnique(db, body.email, body.user_name);
    await checkRoleIds(db, body.roles);
    await guardRoleGrant(db, { id: c.var.user.id, permissions: c.var.permissions }, 0, body.roles);
    const actor = auditActor(c);
    const now = actor.at;
    const [created] = await runAudited<[{ id: number }[]]>(db, {
      audited: USER_AUDITED,
      id: 'new',
      action: 'crear',
      actor,
      write: db
        .insert(users)
        .values(
          withSortKeys(users, {
            email: body.email,
            userName: body.user_name,
            nombres: body.nombres,
            apellidos: body.apellidos,
            activo: body.activo,
            passwordHash: await hashPassword(body.password, config.pepper, config.pbkdf2Iterations),
            referralCode: randomCode(8),
            emailVerifiedAt: now,
            // Who made it: the two-person rules count his accounts as his (decision 0345).
            creadoPor: c.var.user.id,
            createdAt: now,
            updatedAt: now,
          }),
        )
        .returning({ id: users.id }),
      ...(await roleStatements(db, 'new', body.roles)),
    });
    return c.json({ data: await getUser(db, created[0]!.id), message: MSG.created }, 201);
  })
  .put('/:id{[0-9]+}', perm('edit'), idParam, json(userUpdateSchema), async (c) => {
    const userId = c.req.valid('param').id;
    await saveUser(c, userId, c.req.valid('json'));
    return c.json({ data: await getUser(c.var.db, userId), message: MSG.updated });
  })
  .put('/:id{[0-9]+}/roles', perm('edit'), idParam, json(userRolesSchema), async (c) => {
    const { db } = c.var;
    const userId = c.req.valid('param').id;
    const user = await getUser(db, userId);
    const { roles: roleIds } = c.req.valid('json');
    await guardCeiling(db, actorOf(c), userId);
    await checkRoleIds(db, roleIds);
    await guardRoleGrant(db, { id: c.var.user.id, permissions: c.var.permissions }, userId, roleIds);
    await guardLastAdmin(db, userId, { activo: user.activo, roleIds });
    await setRoles(c, userId, roleIds);
    return c.json({ data: await getUser(db, userId), message: MSG.updated });
  })
  .put('/:id{[0-9]+}/password', perm('edit'), idParam, json(setPasswordSchema), async (c) => {
    const { db, config } = c.var;
    const userId = c.req.valid('param').id;
    await getUser(db, userId);
    guardNotSelf(c.var.user, userId);
    await guardCeiling(db, actorOf(c), userId);
    const actor = auditActor(c);
    const now = actor.at;
    await runAudited(db, {
      audited: USER_AUDITED,
      id: userId,
      action: 'contrasena',
      actor,
      write: db
        .update(users)
        .set({
          passwordHash: await hashPassword(
            c.req.valid('json').password,
            config.pepper,
            config.pbkdf2Iterations,
          ),
          updatedAt: now,
          version: bumpVersion,
        })
        .where(eq(users.id, userId)),
      history: {
        entity: 'usuario',
        from: null,
        to: 'CONTRASEÑA_ASIGNADA',
        comentario: 'Contraseña asignada por un administrador',
        userId: c.var.user.id,
        at: now,
      },
    });
    await revokeSessions(db, userId, now);
    return c.json({ message: MSG.updated });
  })
  // A user who lost both the phone and the recovery codes: an administrator turns two-factor
  // sign-in off (the privilege ceiling applies) and ends that user's sessions.
  .delete('/:id{[0-9]+}/2fa', perm('edit'), idParam, async (c) => {
    const { db, clock } = c.var;
    const userId = c.req.valid('param').id;
    await getUser(db, userId);
    guardNotSelf(c.var.user, userId);
    await guardCeiling(db, actorOf(c), userId);
    const now = clock.now();
    await disableTotp(db, userId, auditActor(c, now));
    await historyInsert(db, {
      entity: 'usuario',
      entityId: userId,
      from: null,
      to: '2FA_DESACTIVADA',
      comentario: 'Verificación en dos pasos desactivada por un administrador',
      userId: c.var.user.id,
      at: now,
    });
    await revokeSessions(db, userId, now);
    return c.json({ message: MSG.totpDisabled });
  })
  .post('/:id{[0-9]+}/image', perm('edit'), idParam, async (c) => {
    const userId = c.req.valid('param').id;
    const before = await c.var.db
      .select({ photoKey: users.photoKey })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (!before) throw notFound();
    await guardCeiling(c.var.db, actorOf(c), userId);
    await uploadPhoto(c, userId, auditActor(c), before.photoKey);
    return c.json({ data: await getUser(c.var.db, userId), message: MSG.updated });
  });
