// A row's link action (Ver, Editar) as an icon button: a link when allowed, a disabled button
// otherwise (docs/product-spec.md §6: actions are disabled, not hidden, without permission).
import { EyeIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const ICONS = { view: EyeIcon, edit: PencilIcon };

export function RowLink({
  kind,
  to,
  label,
  enabled = true,
  state,
}: {
  kind: keyof typeof ICONS;
  to: string;
  label: string;
  enabled?: boolean;
  /** Router state for the link (the grid's search, to come back to it). */
  state?: unknown;
}) {
  const Icon = ICONS[kind];
  if (!enabled)
    return (
      <Button variant="ghost" size="icon" className="size-8" aria-label={label} disabled>
        <Icon />
      </Button>
    );
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} asChild>
      <Link to={to} state={state}>
        <Icon />
      </Link>
    </Button>
  );
}
