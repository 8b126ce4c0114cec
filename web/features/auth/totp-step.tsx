// The second step of a sign-in with two-factor verification: the six digits of the authenticator
// app, or one of the recovery codes.
import { MSG } from '@shared/messages';
import { CircleAlertIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { fieldMessages } from '@/lib/form-errors';
import { useSession } from '@/lib/session';

export function TotpStep({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: (message?: string) => void;
}) {
  const { verifyTotp } = useSession();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const code = value.trim();
    if (!code) return setError(MSG.required);
    if (!recovery && !/^\d{6}$/.test(code)) return setError(MSG.totpCodeFormat);
    setSubmitting(true);
    setError(undefined);
    setProblem(null);
    try {
      await verifyTotp(challenge, recovery ? { recovery_code: code } : { code });
    } catch (err) {
      const api = err instanceof ApiError ? err : null;
      // An expired challenge means entering the password again.
      if (api?.status === 401) return onRestart(api.message);
      const fields = api?.status === 422 ? fieldMessages(api) : {};
      if (fields.code || fields.recovery_code) setError(fields.code ?? fields.recovery_code);
      else setProblem(api?.message ?? MSG.requestError);
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Verificación en dos pasos">
      {problem && (
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle className="line-clamp-none">{problem}</AlertTitle>
        </Alert>
      )}
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Código de recuperación' : 'Código de verificación'}
        hint={
          recovery
            ? 'Uno de los códigos que guardaste al activar la verificación. Cada uno sirve una sola vez.'
            : 'Los 6 dígitos que muestra tu aplicación de autenticación.'
        }
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        required
        value={value}
        onValueChange={setValue}
        error={error}
      />
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? 'Verificando...' : 'Verificar'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="px-0"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(undefined);
          }}
        >
          {recovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </Button>
        <Button type="button" variant="link" className="px-0" onClick={() => onRestart()}>
          Volver
        </Button>
      </div>
    </form>
  );
}
