// The user's fields (USERS_DEF), roles from /initForm as chips, and on create the password.
// Saved with the shared userCreateSchema / userUpdateSchema.
import { MSG } from '@shared/messages';
import type { FieldDef } from '@shared/resource-types';
import { userCreateSchema, userUpdateSchema, USERS_DEF } from '@shared/security-resources';
import { useState } from 'react';
import { AutoForm } from '@/components/form/auto-form';
import { TextField } from '@/components/form/text-field';
import { useAutoForm } from '@/components/form/use-auto-form';
import { FormActions } from '@/components/form/form-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  createUser,
  getUser,
  updateUser,
  type UserRecord,
  USERS_API,
} from '@/features/security/security-api';
import { ConflictBanner, useStaleEdit } from '@/components/form/conflict-banner';
import { fieldFormats } from '@/components/form/field-formats';
import { invalidate } from '@/lib/query';

// Editing a user changes the state through activate/deactivate, not through this form.
// The role select offers only the roles the signed-in user may give (a role holding a permission
// he lacks would be refused: 'No puedes otorgar permisos que no tienes').
const FORM_FIELDS: FieldDef[] = USERS_DEF.fields.map((f) =>
  f.name === 'roles' ? { ...f, ref: 'rolesAsignables' } : f,
);
const CREATE_FIELDS: FieldDef[] = FORM_FIELDS;
const EDIT_FIELDS: FieldDef[] = FORM_FIELDS.filter((f) => f.name !== 'activo');
const FORMATS = fieldFormats(FORM_FIELDS);

type Props = { user?: UserRecord; listPath: string; onSaved: (user: UserRecord) => void };

export function UserForm({ user, listPath, onSaved }: Props) {
  const fields = user ? EDIT_FIELDS : CREATE_FIELDS;
  const [password, setPassword] = useState({ password: '', confirmar_password: '' });
  const stale = useStaleEdit();
  const form = useAutoForm(fields, user ? userUpdateSchema : userCreateSchema, user, {
    // The version the form read (decision 0251): a user saved meanwhile by someone else is a 409.
    extra: () => (user ? { activo: user.activo, version: user.version } : password),
    errors: stale.errors,
    // A new user's body carries the password (userCreateSchema); an edit's does not.
    send: (body): Promise<{ data: UserRecord; message: string }> =>
      user ? updateUser(user.id, body) : 'password' in body ? createUser(body) : Promise.reject(new Error()),
    success: user ? MSG.updated : MSG.created,
    invalidates: [USERS_API],
    onSaved: (res) => {
      stale.clear();
      onSaved(res.data);
    },
  });
  const saving = form.busy;

  const setPw = (name: keyof typeof password) => (value: string) => {
    setPassword((p) => ({ ...p, [name]: value }));
    form.clearError(name);
  };

  return (
    <Card>
      <form
        noValidate
        onSubmit={form.onSubmit}
        className="grid gap-6"
        aria-label={user ? 'Editar usuario' : 'Nuevo usuario'}
      >
        <CardHeader>
          <CardTitle>{user ? 'Editar registro' : 'Nuevo registro'}</CardTitle>
          <CardDescription>Los campos marcados con * son obligatorios.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {stale.message && user && (
            <ConflictBanner
              message={stale.message}
              fields={fields.map((f) => ({ name: f.name, label: f.label, format: FORMATS[f.name] }))}
              mine={form.values}
              load={async () => (await getUser(String(user.id))).data}
              onReload={() => {
                stale.clear();
                void invalidate(`${USERS_API}/${user.id}`);
              }}
            />
          )}
          <AutoForm fields={fields} form={form} record={user} />
          {!user && (
            <div className="grid gap-4 border-t pt-4 md:grid-cols-2">
              <TextField
                label="Contraseña"
                type="password"
                autoComplete="new-password"
                required
                value={password.password}
                onValueChange={setPw('password')}
                error={form.errors.password}
                hint="Entre 8 y 128 caracteres."
              />
              <TextField
                label="Confirmar contraseña"
                type="password"
                autoComplete="new-password"
                required
                value={password.confirmar_password}
                onValueChange={setPw('confirmar_password')}
                error={form.errors.confirmar_password}
              />
            </div>
          )}
        </CardContent>
        <FormActions busy={saving} cancelTo={listPath} busyLabel="Guardando..." />
      </form>
    </Card>
  );
}
