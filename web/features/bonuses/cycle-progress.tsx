import { formatPercentage } from '@/lib/format';

/** How far a settlement run got (100 when LIQUIDADO). */
export function CycleProgress({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, value));
  return (
    <div className="flex min-w-28 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={pct >= 100 ? 'h-full bg-success' : 'h-full bg-warning'}
          style={{ width: `${pct}%` }}
        />
      </div>
      <span className="w-10 text-end text-xs tabular-nums text-muted-foreground">
        {formatPercentage(pct)}
      </span>
    </div>
  );
}
