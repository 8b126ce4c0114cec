import { LoaderCircleIcon } from 'lucide-react';
import { Footer } from '@/components/layout/footer';

/** Shown until the session has been checked (docs/product-spec.md §1). */
export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <div
        role="status"
        aria-live="polite"
        className="flex flex-1 flex-col items-center justify-center gap-4"
      >
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary text-lg font-bold text-primary-foreground shadow">
          360
        </div>
        <LoaderCircleIcon aria-hidden className="size-6 animate-spin text-primary" />
        <span className="text-sm text-muted-foreground">Cargando...</span>
      </div>
      <Footer />
    </div>
  );
}
