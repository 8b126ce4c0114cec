import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A labelled skeleton is a loading status (an aria-label needs a role, axe aria-prohibited-attr). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      role={props['aria-label'] ? 'status' : undefined}
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
