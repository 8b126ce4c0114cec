import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A figure at the top of a screen: icon, label, value. */
export function SummaryTile({
  icon: Icon,
  label,
  value,
  tone = 'default',
  note,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  tone?: 'default' | 'success' | 'warning';
  /** A line under the figure that explains it (a negative balance, decision 0464). */
  note?: ReactNode;
}) {
  return (
    <Card className="py-4">
      <CardContent className="flex items-center gap-4">
        <span
          aria-hidden
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-full',
            tone === 'success'
              ? 'bg-success/10 text-success'
              : tone === 'warning'
                ? 'bg-warning/10 text-warning'
                : 'bg-accent text-primary',
          )}
        >
          <Icon className="size-5" />
        </span>
        <dl className="grid gap-0.5">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
        </dl>
      </CardContent>
    </Card>
  );
}
