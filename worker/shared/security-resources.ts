// Users and roles are listed and exported by the same grid as the registry, with their own
// module behind (roles carry permissions, users carry roles and a password).
import * as v from 'valibot';
import { MSG } from './messages';
import type { ResourceDef } from './resource-types';
import { editVersion, email, optionalText, password, text } from './schemas/fields';

export const USERS_DEF: ResourceDef<'usuarios', 'seguridad:usuarios'> = {
  key: 'usuarios',
  section: 'seguridad:usuarios',
  route: '/app/configuracion/seguridad/usuarios',
  endpoint: '/seguridad/users',
  label: 'Usuarios',
  singular: 'Usuario',
  deleteQuestion: 'Seguro desea desactivar el usuario?',
  fields: [
    { name: 'user_name', label: 'Nombre de usuario', kind: 'text', required: true, max: 40 },
    { name: 'email', label: 'Correo electrónico', kind: 'email', required: true },
    { name: 'nombres', label: 'Nombres', kind: 'text', required: true, max: 100 },
    { name: 'apellidos', label: 'Apellidos', kind: 'text', max: 100 },
    { name: 'roles', label: 'Roles', kind: 'refs', ref: 'roles' },
    { name: 'activo', label: 'Activo', kind: 'bool' },
  ],
  columns: [
    { field: 'id', header: 'ID', type: 'number', sortable: true },
    { field: 'user_name', header: 'Usuario', sortable: true },
    { field: 'email', header: 'Correo', sortable: true },
    { field: 'nombres', header: 'Nombres', sortable: true },
    { field: 'apellidos', header: 'Apellidos', sortable: true },
    { field: 'roles', header: 'Roles', type: 'chips' },
    { field: 'activo', header: 'Estado', type: 'active', sortable: true },
    { field: 'created_at', header: 'Registrado', type: 'datetime', sortable: true },
  ],
  filters: [
    { field: 'user_name', label: 'Usuario', kind: 'text' },
    { field: 'email', label: 'Correo', kind: 'text' },
    { field: 'rol', label: 'Rol', kind: 'ref', ref: 'roles' },
    { field: 'activo', label: 'Estado', kind: 'bool' },
    { field: 'created_at', label: 'Fecha de registro', kind: 'daterange' },
  ],
  defaultSort: { field: 'created_at', dir: 'desc' },
  labelField: 'user_name',
  unique: [['email'], ['user_name']],
  uniqueMessage: 'Ya existe un usuario con ese correo o nombre de usuario',
};

export const ROLES_DEF: ResourceDef<'roles', 'seguridad:roles'> = {
  key: 'roles',
  section: 'seguridad:roles',
  route: '/app/configuracion/seguridad/roles',
  endpoint: '/seguridad/roles',
  label: 'Roles',
  singular: 'Rol',
  deleteQuestion: 'Seguro desea eliminar el rol?',
  fields: [
    { name: 'nombre', label: 'Nombre', kind: 'text', required: true, max: 60 },
    { name: 'descripcion', label: 'Descripción', kind: 'textarea', max: 500 },
    { name: 'activo', label: 'Activo', kind: 'bool' },
    {
      name: 'require_totp',
      label: 'Exigir verificación en dos pasos',
      kind: 'bool',
      defaultValue: false,
      help: 'Quienes tengan este rol deberán activar la verificación en dos pasos en Mi cuenta.',
    },
  ],
  columns: [
    { field: 'id', header: 'ID', type: 'number', sortable: true },
    { field: 'nombre', header: 'Nombre', sortable: true },
    { field: 'descripcion', header: 'Descripción' },
    { field: 'permisos', header: 'Permisos', type: 'number', sortable: true },
    { field: 'usuarios', header: 'Usuarios', type: 'number', sortable: true },
    { field: 'activo', header: 'Estado', type: 'active', sortable: true },
  ],
  filters: [
    { field: 'nombre', label: 'Nombre', kind: 'text' },
    { field: 'activo', label: 'Estado', kind: 'bool' },
  ],
  defaultSort: { field: 'nombre', dir: 'asc' },
  labelField: 'nombre',
  unique: [['nombre']],
  uniqueMessage: 'Ya existe un rol con ese nombre',
};

const userName = v.pipe(text('El nombre de usuario', 40), v.regex(/^[\p{L}\p{N}._-]{3,40}$/u, MSG.invalid));
const roleIds = v.optional(
  v.pipe(
    v.array(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid)), MSG.invalid),
    v.maxLength(50, MSG.invalid),
  ),
  [],
);

export const userUpdateSchema = v.object({
  user_name: userName,
  email: email(),
  nombres: text('Los nombres', 100),
  apellidos: v.optional(
    v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(100, MSG.maxLength('Los apellidos', 100))),
    '',
  ),
  roles: roleIds,
  activo: v.optional(v.boolean(MSG.invalid), true),
  version: editVersion(),
});

export const userCreateSchema = v.pipe(
  v.object({ ...userUpdateSchema.entries, password: password(), confirmar_password: v.string(MSG.required) }),
  v.forward(
    v.check((d) => d.password === d.confirmar_password, MSG.passwordMismatch),
    ['confirmar_password'],
  ),
);

export const setPasswordSchema = v.pipe(
  v.object({ password: password(), confirmar_password: v.string(MSG.required) }),
  v.forward(
    v.check((d) => d.password === d.confirmar_password, MSG.passwordMismatch),
    ['confirmar_password'],
  ),
);

export const roleSchema = v.object({
  nombre: v.pipe(text('El nombre', 60), v.toUpperCase()),
  descripcion: optionalText('La descripción', 500),
  activo: v.optional(v.boolean(MSG.invalid), true),
  /** Holders must sign in with a second factor (decision 0034). */
  require_totp: v.optional(v.boolean(MSG.invalid), false),
  version: editVersion(),
  permisos: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(MSG.invalid), v.maxLength(120, MSG.invalid)), MSG.invalid),
      v.maxLength(2000, MSG.invalid),
    ),
    [],
  ),
});

export const userRolesSchema = v.object({ roles: roleIds });

export const LAST_ADMIN_MESSAGE = 'No se puede quitar el último administrador activo';
export const SYSTEM_ROLE_MESSAGE =
  'El rol ADMINISTRADOR tiene todos los permisos y no se puede modificar ni desactivar';
