import { ChangePasswordForm } from '@/components/form/change-password-form';

/** /app/configuracion/seguridad/cambiodecontrasena: any signed-in user changes their password. */
export default function ChangePasswordPage() {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Cambio de contraseña</h1>
      <ChangePasswordForm className="max-w-xl" />
    </section>
  );
}
