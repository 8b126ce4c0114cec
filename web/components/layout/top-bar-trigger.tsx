// The top bar's icon buttons that open a popover (web/shell/top-bar.tsx): the bell, the cart, the
// help centre and the appearance settings. A count, when the button has one, is drawn over the
// icon and left out of the accessibility tree (the label already says it).
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';

export function TopBarTrigger({
  icon: Icon,
  label,
  count,
  countClassName,
}: {
  icon: LucideIcon;
  /** The accessible name (with the count in words, when there is one). */
  label: string;
  /** Drawn when above zero, as «99+» past 99. */
  count?: number;
  /** Where the count sits over this icon. */
  countClassName?: string;
}) {
  return (
    <PopoverTrigger asChild>
      <Button
        variant="ghost"
        size="icon"
        className={count === undefined ? undefined : 'relative'}
        aria-label={label}
      >
        <Icon className="size-5" />
        {count !== undefined && count > 0 && (
          <span
            aria-hidden
            className={cn(
              'absolute flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] font-semibold text-primary-foreground',
              countClassName,
            )}
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Button>
    </PopoverTrigger>
  );
}
