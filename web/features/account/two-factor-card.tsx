// Two-factor sign-in on /app/account (decision 0034): turn it on with a QR code and a code from
// the authenticator app, keep the ten recovery codes shown once, turn it off with the password.
import { MSG } from '@shared/messages';
import { ShieldCheckIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notifyError } from '@/lib/api-errors';
import { fieldMessages } from '@/lib/form-errors';
import { useWrite } from '@/lib/mutation';
import { useSession } from '@/lib/session';
import { keyOf, useRead } from '@/lib/query';
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactor,
  startTwoFactor,
} from '@/features/account/account-api';

type Setup = Awaited<ReturnType<typeof startTwoFactor>>['data'];

export function TwoFactorCard() {
  const state = useRead(keyOf('/auth/account/2fa'), async (signal) => (await getTwoFactor(signal)).data);
  const { reload } = state;
  const { refresh } = useSession();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const tfa = state.status === 'ready' ? state.data : null;

  // One write path for the three steps; a wrong code or password shows under the field.
  const write = useWrite({
    send: (step: () => Promise<void>) => step(),
    success: null,
    errors: (err) => {
      const fields = fieldMessages(err, [409, 422]);
      if (fields.code || fields.password) setError(fields.code ?? fields.password);
      else notifyError(err, MSG.requestError);
    },
  });
  const busy = write.busy;
  const run = (step: () => Promise<void>) => {
    setError(undefined);
    return write.run(step);
  };

  const start = () => run(async () => setSetup((await startTwoFactor()).data));

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(value.trim())) return setError(MSG.totpCodeFormat);
    return run(async () => {
      const res = await enableTwoFactor(value.trim());
      toast.success(res.message);
      setCodes(res.data.recovery_codes);
      setSetup(null);
      setValue('');
      reload();
      await refresh();
    });
  };

  const disable = (e: FormEvent) => {
    e.preventDefault();
    if (!value) return setError(MSG.required);
    return run(async () => {
      const res = await disableTwoFactor(value);
      toast.success(res.message);
      setValue('');
      reload();
    });
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Verificación en dos pasos</CardTitle>
          <CardDescription>
            Además de tu contraseña, al iniciar sesión se pedirá un código de tu aplicación de autenticación
            (Google Authenticator, Microsoft Authenticator, 1Password…).
          </CardDescription>
        </div>
        {tfa &&
          (tfa.activo ? <Badge variant="success">Activa</Badge> : <Badge variant="outline">Inactiva</Badge>)}
      </CardHeader>
      <CardContent className="grid gap-4">
        {tfa?.requerido && !tfa.activo && (
          <p className="text-sm font-medium text-destructive">{MSG.totpRequiredByRole}</p>
        )}
        {codes && (
          <div className="grid gap-2 rounded-md border p-4" aria-label="Códigos de recuperación">
            <p className="text-sm font-medium">
              Guarda estos códigos de recuperación en un lugar seguro: no se volverán a mostrar. Cada uno
              sirve una sola vez si pierdes tu teléfono.
            </p>
            <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Button variant="outline" className="justify-self-start" onClick={() => setCodes(null)}>
              Ya los guardé
            </Button>
          </div>
        )}
        {tfa && !tfa.activo && !setup && (
          <Button className="justify-self-start" onClick={start} disabled={busy}>
            <ShieldCheckIcon />
            Activar verificación en dos pasos
          </Button>
        )}
        {tfa && !tfa.activo && setup && (
          <form
            noValidate
            onSubmit={confirm}
            className="grid gap-4"
            aria-label="Activar verificación en dos pasos"
          >
            <p className="text-sm">1. Escanea este código QR con tu aplicación de autenticación.</p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
              alt="Código QR para la aplicación de autenticación"
              className="size-48 rounded-md border bg-white p-2"
            />
            <p className="text-sm">
              ¿No puedes escanearlo? Ingresa esta clave:{' '}
              <code data-testid="totp-secret" className="font-mono break-all">
                {setup.secret}
              </code>
            </p>
            <p className="text-xs break-all text-muted-foreground">
              Enlace: <code data-testid="totp-uri">{setup.otpauth_uri}</code>
            </p>
            <TextField
              label="Código de verificación"
              hint="2. Escribe los 6 dígitos que muestra la aplicación."
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={value}
              onValueChange={setValue}
              error={error}
            />
            <Button type="submit" className="justify-self-start" disabled={busy}>
              {busy ? 'Verificando...' : 'Confirmar y activar'}
            </Button>
          </form>
        )}
        {tfa?.activo && (
          <form
            noValidate
            onSubmit={disable}
            className="grid gap-4"
            aria-label="Desactivar verificación en dos pasos"
          >
            <p className="text-sm text-muted-foreground">
              Te quedan {tfa.codigos_restantes} códigos de recuperación.
            </p>
            {tfa.requerido ? (
              <p className="text-sm">{MSG.totpCannotDisable}.</p>
            ) : (
              <>
                <TextField
                  label="Contraseña actual"
                  hint="Para desactivarla confirma tu contraseña."
                  type="password"
                  autoComplete="current-password"
                  required
                  value={value}
                  onValueChange={setValue}
                  error={error}
                />
                <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
                  Desactivar verificación en dos pasos
                </Button>
              </>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
