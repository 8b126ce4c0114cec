// Two or more labelled figures side by side inside a card (paid / owed, level 1 / 2 / 3).
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type Figure = {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'success' | 'warning' | 'danger';
};

const TONE = { success: 'text-success', warning: 'text-warning', danger: 'text-destructive' } as const;

export function FigureRow({ figures }: { figures: Figure[] }) {
  return (
    <dl className={cn('grid gap-4', figures.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
      {figures.map((f) => (
        <div key={f.label} className="grid content-start gap-0.5 rounded-lg bg-muted/50 p-3">
          <dt className="text-xs text-muted-foreground">{f.label}</dt>
          <dd className={cn('text-lg font-semibold tabular-nums', f.tone && TONE[f.tone])}>{f.value}</dd>
          {f.hint && <dd className="text-xs text-muted-foreground">{f.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
