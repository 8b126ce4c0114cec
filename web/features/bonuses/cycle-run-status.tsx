// Under a running cycle's progress bar: members written of the members at its start, bounded
// steps so far, and, when a step failed, its error with a retry (the same POST as 'Liquidar').
import { RotateCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber, plural } from '@/lib/format';
import type { Cycle } from '@/features/bonuses/bonus-api';
import { cycleLabel } from '@/features/bonuses/cycle-label';
import { STATE } from '@shared/workflow';

type Props = { cycle: Cycle; retrying: boolean; onRetry: (clave: string) => void };

export function CycleRunStatus({ cycle, retrying, onRetry }: Props) {
  if (cycle.estado === STATE.LIQUIDADO) return null;
  const stalled = !cycle.en_curso;
  return (
    <div className="mt-1 grid gap-1 text-xs text-muted-foreground">
      <span className="tabular-nums">
        {formatNumber(cycle.miembros_hechos)} de {plural(cycle.miembros, 'miembro', 'miembros')} ·{' '}
        {plural(cycle.pasos, 'paso', 'pasos')}
        {cycle.en_curso && ' · en curso'}
      </span>
      {cycle.ultimo_error && (
        <span role="alert" className="text-destructive">
          Último error: {cycle.ultimo_error}
        </span>
      )}
      {stalled && (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={retrying}
          aria-label={`Reintentar la liquidación de ${cycleLabel(cycle.clave)}`}
          onClick={() => onRetry(cycle.clave)}
        >
          <RotateCwIcon />
          Reintentar
        </Button>
      )}
    </div>
  );
}
