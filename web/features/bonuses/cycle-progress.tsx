import { ProgressBar } from '@/components/feedback/progress-bar';
import { formatPercentage } from '@/lib/format';

/** How far a settlement run got (100 when LIQUIDADO). */
export function CycleProgress({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, value));
  return (
    <div className="flex min-w-28 items-center gap-2">
      <ProgressBar
        value={pct}
        label={label}
        className="flex-1"
        barClassName={pct >= 100 ? 'bg-success' : 'bg-warning'}
      />
      <span className="w-10 text-end text-xs tabular-nums text-muted-foreground">
        {formatPercentage(pct)}
      </span>
    </div>
  );
}
