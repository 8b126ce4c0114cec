// The settled (or running) cycles with their totals, progress and what is paid and pending;
// 'Ver usuarios' opens a cycle's rows below.
import { UsersIcon } from 'lucide-react';
import { ToneChip } from '@/components/status/tone-chip';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney, formatNumber, plural } from '@/lib/format';
import type { Cycle } from '@/features/bonuses/bonus-api';
import { cycleLabel } from '@/features/bonuses/cycle-label';
import { CycleProgress } from '@/features/bonuses/cycle-progress';
import { CycleRunStatus } from '@/features/bonuses/cycle-run-status';
import { STATE } from '@shared/workflow';

type Props = {
  cycles: Cycle[];
  selectedId: number | null;
  onSelect: (c: Cycle) => void;
  retrying: string | null;
  onRetry: (clave: string) => void;
};

export function CyclesTable({ cycles, selectedId, onSelect, retrying, onRetry }: Props) {
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <Table aria-label="Ciclos de bonificación">
        <TableHeader>
          <TableRow>
            <TableHead>Ciclo</TableHead>
            <TableHead>Estado</TableHead>
            <TableHead>Progreso</TableHead>
            <TableHead className="text-end">Pagados</TableHead>
            <TableHead className="text-end">Total</TableHead>
            <TableHead className="text-end">Pagado</TableHead>
            <TableHead className="text-end">Pendiente</TableHead>
            <TableHead className="text-end">Acciones</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {cycles.map((c) => {
            const selected = c.id === selectedId;
            return (
              <TableRow key={c.id} data-state={selected ? 'selected' : undefined}>
                <TableCell className="py-2">
                  <span className="block font-medium">{cycleLabel(c.clave)}</span>
                  <span className="block text-xs text-muted-foreground">{c.clave}</span>
                </TableCell>
                <TableCell>
                  <ToneChip status={c.estado} tone={c.estado === STATE.LIQUIDADO ? 'success' : 'warning'} />
                </TableCell>
                {/* The run's status and last error wrap here, so the amounts and 'Usuarios' stay in view at 1280 px. */}
                <TableCell className="min-w-40 whitespace-normal">
                  <CycleProgress value={c.progreso} label={`Progreso de ${cycleLabel(c.clave)}`} />
                  <CycleRunStatus cycle={c} retrying={retrying === c.clave} onRetry={onRetry} />
                </TableCell>
                <TableCell className="text-end tabular-nums" title="Usuarios pagados / usuarios del ciclo">
                  {formatNumber(c.usuarios_pagados)} / {formatNumber(c.usuarios)}
                </TableCell>
                <TableCell className="py-2 text-end tabular-nums">
                  <span className="block font-medium">{formatMoney(c.total)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {plural(c.lineas, 'línea', 'líneas')}
                  </span>
                </TableCell>
                <TableCell className="text-end tabular-nums text-success">{formatMoney(c.pagado)}</TableCell>
                <TableCell className="text-end tabular-nums">{formatMoney(c.pendiente)}</TableCell>
                <TableCell className="py-1 text-end">
                  <Button
                    variant={selected ? 'secondary' : 'outline'}
                    size="sm"
                    aria-pressed={selected}
                    aria-label={`Ver usuarios de ${cycleLabel(c.clave)}`}
                    onClick={() => onSelect(c)}
                  >
                    <UsersIcon />
                    Usuarios
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
