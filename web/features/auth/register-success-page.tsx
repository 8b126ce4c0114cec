import { MSG } from '@shared/messages';
import { MailCheckIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { PublicLayout } from '@/components/layout/public-layout';

export default function RegisterSuccessPage() {
  const { state } = useLocation();
  const message = (state as { message?: string } | null)?.message || MSG.registered;
  return (
    <PublicLayout>
      <Card className="text-center">
        <CardHeader className="items-center">
          <div className="mx-auto mb-2 flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
            <MailCheckIcon aria-hidden className="size-7" />
          </div>
          <CardTitle className="text-2xl">¡Registro exitoso!</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p>{message}</p>
          <p className="text-sm text-muted-foreground">
            Revisa tu correo electrónico y abre el enlace que te enviamos para activar tu cuenta. Si no lo
            ves, busca en la carpeta de correo no deseado.
          </p>
        </CardContent>
        <CardFooter className="justify-center">
          <Button asChild>
            <Link to="/login">Ir a iniciar sesión</Link>
          </Button>
        </CardFooter>
      </Card>
    </PublicLayout>
  );
}
