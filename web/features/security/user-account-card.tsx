// The side card of an existing user: photo (single-image uploader), state with
// activate/deactivate, and the password dialog.
import { MSG } from '@shared/messages';
import { USERS_DEF } from '@shared/security-resources';
import { UserCheckIcon, UserXIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { ActiveChip } from '@/components/status/status-chip';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SingleImageUploader } from '@/components/upload/single-image-uploader';
import { ChangePasswordDialog } from '@/features/security/change-password-dialog';
import { toggleUser, type UserRecord, USERS_API } from '@/features/security/security-api';
import { useWrite } from '@/lib/mutation';
import { useSession } from '@/lib/session';

export function UserAccountCard({ user, onChanged }: { user: UserRecord; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { state } = useSession();
  // One's own password is changed in Mi cuenta, with the current one (the server refuses it here).
  const self = state.status === 'authenticated' && state.user.id === user.id;
  // The photo keeps its URL when replaced; a counter makes the browser fetch it again.
  const [photoVersion, setPhotoVersion] = useState(0);

  const write = useWrite({
    send: () => toggleUser(user.id, !user.activo),
    success: MSG.updated,
    invalidates: [USERS_API],
    onSaved: () => onChanged(),
    errors: 'notify',
  });
  const busy = write.busy;
  const toggle = async () => {
    setConfirming(false);
    await write.run();
  };

  const photo = user.photo_url ? `${user.photo_url}?v=${photoVersion}` : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cuenta</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SingleImageUploader
          path={`${USERS_API}/${user.id}/image`}
          imageUrl={photo}
          alt={`Foto de ${user.user_name}`}
          label="Cambiar foto"
          onUploaded={() => {
            setPhotoVersion((v) => v + 1);
            onChanged();
          }}
        />
        <div className="flex items-center justify-between gap-2 border-t pt-4">
          <span className="text-sm font-medium">Estado</span>
          <ActiveChip active={user.activo} />
        </div>
        <div className="grid gap-2">
          <Button
            variant={user.activo ? 'outline' : 'default'}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {user.activo ? <UserXIcon /> : <UserCheckIcon />}
            {user.activo ? 'Desactivar usuario' : 'Activar usuario'}
          </Button>
          {self ? (
            <p className="text-muted-foreground text-sm">
              Tu propia contraseña se cambia en{' '}
              <Link className="underline" to="/app/account">
                Mi cuenta
              </Link>
              .
            </p>
          ) : (
            <ChangePasswordDialog userId={user.id} userName={user.user_name} />
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        description={user.activo ? USERS_DEF.deleteQuestion : 'Seguro desea activar el usuario?'}
        onConfirm={toggle}
      />
    </Card>
  );
}
