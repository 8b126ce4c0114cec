import { cn } from '@/lib/cn';

/** The progress of one upload, 0–100. */
export function UploadProgress({
  value,
  label = 'Progreso de carga',
  className,
}: {
  value: number;
  label?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width] duration-150" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">{value}%</span>
    </div>
  );
}
