import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A button back to the screen a record was opened from; the arrow points back in RTL too. */
export function BackLink({
  to,
  variant = 'outline',
  children,
}: {
  to: string;
  variant?: 'outline' | 'ghost';
  children: ReactNode;
}) {
  return (
    <Button variant={variant} asChild>
      <Link to={to}>
        <ArrowLeftIcon className="rtl:rotate-180" />
        {children}
      </Link>
    </Button>
  );
}
