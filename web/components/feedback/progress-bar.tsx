import { cn } from '@/lib/cn';

/** A bar filled to `value` percent (0–100), announced as a progress bar named by `label`. */
export function ProgressBar({
  value,
  label,
  className,
  barClassName = 'bg-primary',
}: {
  value: number;
  label: string;
  /** The track's extra classes (its width in its row). */
  className?: string;
  /** The fill's colour and transition. */
  barClassName?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-2 overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full', barClassName)} style={{ width: `${value}%` }} />
    </div>
  );
}
