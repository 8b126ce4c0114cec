// A search box: the magnifier at the start (it follows the writing direction) and type="search".
// Every in-page search (the referral tree, the permission picker, the catalogue) is this one.
import { SearchIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative">
      <SearchIcon
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className={cn('ps-9', className)} {...props} />
    </div>
  );
}
