import { EyeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The row's 'Ver' action: a link, or a disabled button when the row allows no action. */
export function ViewLink({
  to,
  enabled = true,
  label = 'Ver',
}: {
  to: string;
  enabled?: boolean;
  label?: string;
}) {
  if (!enabled)
    return (
      <Button variant="ghost" size="icon" className="size-8" aria-label={label} disabled>
        <EyeIcon />
      </Button>
    );
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} asChild>
      <Link to={to}>
        <EyeIcon />
      </Link>
    </Button>
  );
}
