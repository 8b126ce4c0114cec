import { MSG } from '@shared/messages';
import { SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  title = MSG.emptyTitle,
  text = MSG.emptyText,
  action,
}: {
  title?: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-10 text-center">
      <SearchXIcon aria-hidden className="size-10 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
