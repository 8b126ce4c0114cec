// The detail of one beneficiary's cycle row for an administrator: its statement.
import type { CycleUserRow } from '@/features/bonuses/bonus-api';
import { StatusChip } from '@/components/status/status-chip';
import { AppDialog } from '@/components/ui/dialog';
import { formatMoney } from '@/lib/format';
import { cycleLabel } from '@/features/bonuses/cycle-label';
import { StatementView } from '@/features/bonuses/statement-view';

export function CycleRowDialog({
  row,
  clave,
  onClose,
}: {
  row: CycleUserRow | null;
  clave: string;
  onClose: () => void;
}) {
  return (
    <AppDialog
      open={!!row}
      onClose={onClose}
      title={
        <>
          Bonos de {row?.user_name ?? ''} · {cycleLabel(clave)}
        </>
      }
      description={
        <>
          <div className="flex flex-wrap items-center gap-2">
            Total{' '}
            <span className="font-semibold text-foreground tabular-nums">{formatMoney(row?.total ?? 0)}</span>
            <StatusChip status={row?.estado ?? null} />
          </div>
        </>
      }
      descriptionAsChild
      className="sm:max-w-4xl"
    >
      {row && <StatementView id={row.id} clave={clave} />}
    </AppDialog>
  );
}
