// Loads one cycle row with its lines (the member's own, or any for an administrator).
import { MSG } from '@shared/messages';
import { ErrorState } from '@/components/feedback/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { BonusLinesTable } from '@/features/bonuses/bonus-lines-table';
import { getCycleDetail } from '@/features/bonuses/bonus-api';
import { keyOf, useRead } from '@/lib/query';
import { cycleLabel } from '@/features/bonuses/cycle-label';

export function CycleLines({ id, admin = false, clave }: { id: number; admin?: boolean; clave: string }) {
  const path = `/bonos/ciclobonificacionuser${admin ? '/admin' : ''}/${id}`;
  const state = useRead(keyOf(path), async (signal) => (await getCycleDetail(id, admin, signal)).data);
  const { reload } = state;
  if (state.status === 'error')
    return (
      <ErrorState
        message={state.error.notFound ? MSG.notFound : MSG.loadError}
        onRetry={state.error.notFound ? undefined : reload}
      />
    );
  if (state.status !== 'ready') return <Skeleton className="h-24 w-full" aria-label="Cargando líneas" />;
  return (
    <BonusLinesTable lines={state.data.lineas_detalle} label={`Líneas del ciclo ${cycleLabel(clave)}`} />
  );
}
