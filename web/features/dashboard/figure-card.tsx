// A card around one chart or block of figures: title, a line of context, the link to the grid
// behind it, and the spec's empty state when there is nothing to show.
import { MSG } from '@shared/messages';
import { ChartNoAxesColumnIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ListLink } from '@/features/dashboard/figure-link';

type Props = {
  title: string;
  description?: ReactNode;
  link?: { to: string; permission: string };
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
};

export function FigureCard({ title, description, link, empty, emptyText = MSG.emptyText, children }: Props) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {link && <ListLink to={link.to} permission={link.permission} />}
      </CardHeader>
      <CardContent>{empty ? <ChartEmpty text={emptyText} /> : children}</CardContent>
    </Card>
  );
}

export function ChartEmpty({ text = MSG.emptyText }: { text?: string }) {
  return (
    <div className="flex min-h-32 flex-col items-center justify-center gap-1 rounded-lg border border-dashed p-4 text-center">
      <ChartNoAxesColumnIcon aria-hidden className="size-7 text-muted-foreground" />
      <p className="font-medium">{MSG.emptyTitle}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
