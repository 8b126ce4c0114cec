// Seguridad → Usuarios: the accounts whose sign-in is locked after too many failed passwords, each
// with «Desbloquear» (decision 0461). Shown only to staff holding that permission; an unlock is
// recorded in the activity by the server.
import { P } from '@shared/permissions';
import { LockOpenIcon } from 'lucide-react';
import { ReadView } from '@/components/feedback/read-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';
import { useSession } from '@/lib/session';
import { getLockedUsers, unlockUser, USERS_API } from '@/features/security/security-api';

const LOCKED = `${USERS_API}/bloqueados`;

export function LockedAccountsCard() {
  const canUnlock = useSession().can(P.desbloquearUsuarios);
  return canUnlock ? <LockedAccounts /> : null;
}

function LockedAccounts() {
  const res = useRead(keyOf(LOCKED), getLockedUsers);
  const unlock = useWrite({ send: (id: number) => unlockUser(id), invalidates: [LOCKED, USERS_API] });
  if (res.status === 'ready' && res.data.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cuentas bloqueadas</CardTitle>
        <CardDescription>
          Inicio de sesión bloqueado por demasiados intentos fallidos. Se desbloquea solo al vencer el plazo o
          cuando el usuario restablece su contraseña.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ReadView
          read={res}
          loading={<Skeleton className="h-16 w-full" aria-label="Cargando cuentas bloqueadas" />}
        >
          {({ data: rows }) => (
            <ul className="grid gap-2" aria-label="Cuentas bloqueadas">
              {rows.map((u) => (
                <li
                  key={u.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                >
                  <span className="grid min-w-0">
                    <span className="truncate font-medium">{u.user_name}</span>
                    <span className="truncate text-sm text-muted-foreground">
                      {u.email} · bloqueada hasta {formatDateTime(u.bloqueado_hasta)}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unlock.busy}
                    aria-label={`Desbloquear ${u.user_name}`}
                    onClick={() => void unlock.run(u.id)}
                  >
                    <LockOpenIcon />
                    Desbloquear
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </ReadView>
      </CardContent>
    </Card>
  );
}
