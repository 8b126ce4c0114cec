import { MSG } from '@shared/messages';
import { CircleAlertIcon } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportClientError } from '@/lib/error-report';
import { useMarkPageReady } from '@/lib/page-ready';
import { Button } from '@/components/ui/button';
import { Footer } from '@/components/layout/footer';

/** Last resort when a screen fails to load or render (for example, a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  // Its buttons take clicks: the page is ready (lib/page-ready.ts).
  useMarkPageReady();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportClientError(error, 'router');
  }, [error]);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <CircleAlertIcon aria-hidden className="size-10 text-destructive" />
        <h1 className="text-xl font-semibold">{MSG.loadError}</h1>
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>Recargar la página</Button>
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            Ir al inicio
          </Button>
        </div>
      </main>
      <Footer />
    </div>
  );
}
