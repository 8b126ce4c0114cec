import { ProgressBar } from '@/components/feedback/progress-bar';
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
      <ProgressBar
        value={value}
        label={label}
        className="w-full"
        barClassName="bg-primary transition-[width] duration-150"
      />
      <span className="text-xs text-muted-foreground tabular-nums">{value}%</span>
    </div>
  );
}
