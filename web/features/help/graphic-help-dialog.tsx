// The top bar's 'Ayudas gráficas': the graphic aids of the module the user is on, as images.
import { MSG } from '@shared/messages';
import { HELP_MODULES } from '@shared/schemas/help';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { AppDialog } from '@/components/ui/dialog';
import { AidsGallery } from '@/features/help/aids-gallery';
import { getAids } from '@/features/help/help-api';
import { keyOf, useRead } from '@/lib/query';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; moduleKey?: string };

export function GraphicHelpDialog({ open, onOpenChange, moduleKey }: Props) {
  const label = HELP_MODULES.find((m) => m.key === moduleKey)?.label;
  const query = { modulo: moduleKey };
  const load = useRead(open ? keyOf('/centrodeayuda/ayudas', query) : null, (signal) =>
    getAids(query, signal),
  );
  const { reload } = load;
  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Ayudas gráficas"
      description={<>{label ? `Módulo: ${label}` : 'Todas las ayudas gráficas'}</>}
      className="sm:max-w-2xl"
    >
      {load.status === 'error' ? (
        <ErrorState message={MSG.loadError} onRetry={reload} />
      ) : load.status !== 'ready' ? (
        <Skeleton className="h-40 w-full" />
      ) : load.data.data.length === 0 ? (
        <EmptyState text="Este módulo aún no tiene ayudas gráficas." />
      ) : (
        <AidsGallery aids={load.data.data} compact />
      )}
    </AppDialog>
  );
}
