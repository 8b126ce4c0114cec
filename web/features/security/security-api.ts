// Users, roles and the permission catalogue (worker/modules/security) through the typed client.
import { client, type JsonBody, ok, withSignal } from '@/lib/client';

export const USERS_API = '/seguridad/users';
export const ROLES_API = '/seguridad/roles';

const users = client.seguridad.users;
const roles = client.seguridad.roles;
const id = (n: number | string) => ({ id: String(n) });

export const getUser = (userId: string, signal?: AbortSignal) =>
  ok(users[':id{[0-9]+}'].$get({ param: id(userId) }, withSignal(signal)));
export type UserRecord = Awaited<ReturnType<typeof getUser>>['data'];
const user = users[':id{[0-9]+}'];
export const createUser = (body: JsonBody<typeof users.$post>) => ok(users.$post({ json: body }));
export const updateUser = (userId: number, body: JsonBody<typeof user.$put>) =>
  ok(user.$put({ param: id(userId), json: body }));
export const toggleUser = (userId: number, value: boolean) =>
  ok(users.toggle.$put({ json: { id: userId, value } }));
export const setUserPassword = (userId: number, body: JsonBody<typeof user.password.$put>) =>
  ok(user.password.$put({ param: id(userId), json: body }));

export const getRole = (roleId: string, signal?: AbortSignal) =>
  ok(roles[':id{[0-9]+}'].$get({ param: id(roleId) }, withSignal(signal)));
export type RoleRecord = Awaited<ReturnType<typeof getRole>>['data'];
const role = roles[':id{[0-9]+}'];
export const createRole = (body: JsonBody<typeof roles.$post>) => ok(roles.$post({ json: body }));
export const updateRole = (roleId: number, body: JsonBody<typeof role.$put>) =>
  ok(role.$put({ param: id(roleId), json: body }));

export const getPermissions = (signal?: AbortSignal) =>
  ok(client.seguridad.permissions.$get(undefined, withSignal(signal)));
export type Permission = Awaited<ReturnType<typeof getPermissions>>['data'][number];

/** Sign-in lockouts (decision 0461): the accounts locked now, and lifting one. */
export const getLockedUsers = (signal?: AbortSignal) =>
  ok(users.bloqueados.$get(undefined, withSignal(signal)));
export type LockedUser = Awaited<ReturnType<typeof getLockedUsers>>['data'][number];
export const unlockUser = (userId: number) => ok(user.desbloquear.$post({ param: id(userId) }));
