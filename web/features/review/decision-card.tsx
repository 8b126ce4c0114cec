// The reviewer's side of a queue item: the current state, the last comment and the 'Estados' menu.
import type { ReactNode } from 'react';
import { StatusChip } from '@/components/status/status-chip';
import { StatusMenu, type StatusMenuProps } from '@/components/status/status-menu';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type Props = {
  title?: string;
  estado: string | null;
  comentario?: string | null;
  menu: Omit<StatusMenuProps, 'current'>;
  children?: ReactNode;
};

export function DecisionCard({ title = 'Decisión', estado, comentario, menu, children }: Props) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="group"
          className="flex items-center gap-2 text-sm"
          aria-label={`Estado actual: ${estado ? estado.replace(/_/g, ' ') : 'SIN ESTADO'}`}
        >
          <span className="text-muted-foreground">Estado actual:</span>
          <StatusChip status={estado} />
        </div>
        {comentario && (
          <div className="grid gap-0.5 text-sm">
            <span className="text-xs font-medium text-muted-foreground">Último comentario</span>
            <p className="whitespace-pre-line">{comentario}</p>
          </div>
        )}
        {children}
        <StatusMenu current={estado} {...menu} />
      </CardContent>
    </Card>
  );
}
