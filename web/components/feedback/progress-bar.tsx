import { cn } from '@/lib/cn';

/**
 * A bar filled to `value` of `max` (a percent by default, or «procesados de total»), announced as a
 * progress bar named by `label`; `valueText` says the value in words where it is not a percent.
 */
export function ProgressBar({
  value,
  max = 100,
  valueText,
  label,
  className,
  barClassName = 'bg-primary',
}: {
  value: number;
  max?: number;
  valueText?: string;
  label: string;
  /** The track's extra classes (its width in its row). */
  className?: string;
  /** The fill's colour and transition. */
  barClassName?: string;
}) {
  const pct = Math.round((value / Math.max(1, max)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full', barClassName)} style={{ width: `${pct}%` }} />
    </div>
  );
}
