import { ShieldAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { landingPath } from '@/shell/menu';

/**
 * Shown instead of a screen the user lacks permissions for (docs/product-spec.md §2). Its Dashboard button
 * leads where /app does, the first screen the user may open: through / it would come back here
 * for a user who may not open Mi información personal.
 */
export function NoAccessPage() {
  const { can } = useSession();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <ShieldAlertIcon aria-hidden className="size-8" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight">UY!, lo sentimos</h1>
      <p className="text-lg font-medium">Aun no tienes acceso a esta pagina</p>
      <p className="text-muted-foreground">
        Si necesitas ingresar a esta sección, solicita los privilegios correspondientes al administrador del
        sistema.
      </p>
      <Button asChild>
        <Link to={landingPath(can)}>Dashboard</Link>
      </Button>
    </section>
  );
}
