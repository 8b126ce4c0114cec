// Users, roles and the permission catalogue (worker/modules/security) through the typed client.
import { client, ok, withSignal } from '@/lib/client';

export const USERS_API = '/seguridad/users';
export const ROLES_API = '/seguridad/roles';

const users = client.seguridad.users;
const roles = client.seguridad.roles;
const id = (n: number | string) => ({ id: String(n) });

export const getUser = (userId: string, signal?: AbortSignal) =>
  ok(users[':id{[0-9]+}'].$get({ param: id(userId) }, withSignal(signal)));
export type UserRecord = Awaited<ReturnType<typeof getUser>>['data'];
export const createUser = (body: Record<string, unknown>) => ok(users.$post({ json: body as never }));
export const updateUser = (userId: number, body: Record<string, unknown>) =>
  ok(users[':id{[0-9]+}'].$put({ param: id(userId), json: body as never }));
export const toggleUser = (userId: number, value: boolean) =>
  ok(users.toggle.$put({ json: { id: userId, value } }));
export const setUserPassword = (userId: number, body: Record<string, unknown>) =>
  ok(users[':id{[0-9]+}'].password.$put({ param: id(userId), json: body as never }));

export const getRole = (roleId: string, signal?: AbortSignal) =>
  ok(roles[':id{[0-9]+}'].$get({ param: id(roleId) }, withSignal(signal)));
export type RoleRecord = Awaited<ReturnType<typeof getRole>>['data'];
export const createRole = (body: Record<string, unknown>) => ok(roles.$post({ json: body as never }));
export const updateRole = (roleId: number, body: Record<string, unknown>) =>
  ok(roles[':id{[0-9]+}'].$put({ param: id(roleId), json: body as never }));

export const getPermissions = (signal?: AbortSignal) =>
  ok(client.seguridad.permissions.$get(undefined, withSignal(signal)));
export type Permission = Awaited<ReturnType<typeof getPermissions>>['data'][number];
