// Loads one cycle row with its lines (the member's own, or any for an administrator).
import { MSG } from '@shared/messages';
import { ErrorState } from '@/components/feedback/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecord } from '@/lib/use-record';
import { BonusLinesTable } from '@/features/bonuses/bonus-lines-table';
import type { CycleDetail } from '@/features/bonuses/bonus-types';
import { cycleLabel } from '@/features/bonuses/cycle-label';

export function CycleLines({ path, clave }: { path: string; clave: string }) {
  const { state, reload } = useRecord<CycleDetail>(path);
  if (state.status === 'error') return <ErrorState message={state.notFound ? MSG.notFound : MSG.loadError} onRetry={state.notFound ? undefined : reload} />;
  if (state.status !== 'ready') return <Skeleton className="h-24 w-full" aria-label="Cargando líneas" />;
  return <BonusLinesTable lines={state.data.lineas_detalle} label={`Líneas del ciclo ${cycleLabel(clave)}`} />;
}
