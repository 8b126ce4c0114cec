// An x-axis tick for 'YYYY-MM' keys: the short month, and under it the year where the year
// starts (January) or the axis does (unless a January follows at once), so twelve ticks stay
// legible ('nov' over '2026').
import type { XAxisTickContentProps } from 'recharts';
import { monthTick } from '@/features/dashboard/chart-format';

export function MonthTick({ x, y, payload, index }: XAxisTickContentProps) {
  const key = String(payload.value);
  const showYear = key.endsWith('-01') || (index === 0 && !key.endsWith('-12'));
  return (
    <text x={x} y={y} dy={12} textAnchor="middle" fontSize={12} fill="var(--muted-foreground)">
      <tspan x={x}>{monthTick(key)}</tspan>
      {showYear && (
        <tspan x={x} dy={14} fontSize={11}>
          {key.slice(0, 4)}
        </tspan>
      )}
    </text>
  );
}
