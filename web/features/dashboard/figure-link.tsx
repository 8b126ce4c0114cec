// A figure that opens the grid listing it, when the viewer may open that grid; otherwise the
// figure alone (a link to a no-access page helps nobody).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';

type Props = { to: string; permission: string; label?: string; className?: string; children: ReactNode };

export function FigureLink({ to, permission, label, className, children }: Props) {
  const { can } = useSession();
  if (!can(permission)) return <div className={className}>{children}</div>;
  return (
    <Link
      to={to}
      aria-label={label}
      className={cn(
        'block rounded-xl outline-none transition-colors hover:[&>[data-slot=card]]:border-primary/40 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      {children}
    </Link>
  );
}

/** 'Ver listado →' in a card header, shown only to who may open the grid. */
export function ListLink({
  to,
  permission,
  children = 'Ver listado',
}: {
  to: string;
  permission: string;
  children?: ReactNode;
}) {
  const { can } = useSession();
  if (!can(permission)) return null;
  return (
    <Link to={to} className="shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
