// A role's name, description and state (ROLES_DEF) plus its permissions, saved with the
// shared roleSchema.
import { MSG } from '@shared/messages';
import { ROLES_DEF, roleSchema } from '@shared/security-resources';
import { useState } from 'react';
import { AutoForm } from '@/components/form/auto-form';
import { useAutoForm } from '@/components/form/use-auto-form';
import { FormActions } from '@/components/form/form-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PermissionPicker } from '@/features/security/permission-picker';
import { createRole, type RoleRecord, ROLES_API, updateRole } from '@/features/security/security-api';

type Props = { role?: RoleRecord; listPath: string; onSaved: () => void };

export function RoleForm({ role, listPath, onSaved }: Props) {
  const [permisos, setPermisos] = useState<string[]>(role?.permisos_codes ?? []);
  const form = useAutoForm(ROLES_DEF.fields, roleSchema, role, {
    // The version the form read (decision 0251): a role saved meanwhile by someone else is a 409.
    extra: () => ({ permisos, ...(role?.version ? { version: role.version } : {}) }),
    send: (body): Promise<{ message?: string }> => (role ? updateRole(role.id, body) : createRole(body)),
    success: role ? MSG.updated : MSG.created,
    invalidates: [ROLES_API],
    onSaved: () => onSaved(),
  });
  const saving = form.busy;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="grid gap-6"
      aria-label={role ? 'Editar rol' : 'Nuevo rol'}
    >
      <Card>
        <CardHeader>
          <CardTitle>{role ? 'Editar registro' : 'Nuevo registro'}</CardTitle>
          <CardDescription>
            Los campos marcados con * son obligatorios. El nombre se guarda en mayúsculas.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AutoForm fields={ROLES_DEF.fields} form={form} record={role} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Permisos</CardTitle>
          <CardDescription>Marque lo que podrán ver y hacer los usuarios con este rol.</CardDescription>
        </CardHeader>
        <CardContent>
          <PermissionPicker value={permisos} onChange={setPermisos} disabled={saving} />
        </CardContent>
        <FormActions busy={saving} cancelTo={listPath} busyLabel="Guardando..." />
      </Card>
    </form>
  );
}
