// One number people read: icon, label, value and a line of context; the whole tile is the link.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { FigureLink } from '@/features/dashboard/figure-link';
import { cn } from '@/lib/cn';

export type Tone = 'default' | 'success' | 'warning' | 'danger';

const TONES: Record<Tone, string> = {
  default: 'bg-accent text-primary',
  success: 'bg-success/10 text-success',
  warning: 'bg-warning/10 text-warning',
  danger: 'bg-destructive/10 text-destructive',
};

type Props = {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: Tone;
  to: string;
  permission: string;
};

export function StatTile({ icon: Icon, label, value, hint, tone = 'default', to, permission }: Props) {
  return (
    <FigureLink to={to} permission={permission} className="h-full">
      <Card className="h-full py-4">
        <CardContent className="flex items-start gap-4">
          <span
            aria-hidden
            className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', TONES[tone])}
          >
            <Icon className="size-5" />
          </span>
          <dl className="grid min-w-0 gap-0.5">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="truncate text-xl font-semibold tabular-nums">{value}</dd>
            {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
          </dl>
        </CardContent>
      </Card>
    </FigureLink>
  );
}
