import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

const ForgotPasswordDialog = lazy(() => import('@/features/auth/forgot-password-dialog'));

/** The "forgot password" link of /login; the dialog's code loads on the first click. */
export function ForgotPasswordLink() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="h-auto p-0 text-sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        ¿Olvidaste tu contraseña?
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
