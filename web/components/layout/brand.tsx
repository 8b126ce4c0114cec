import { cn } from '@/lib/cn';

const SIZES = {
  /** Over a public page's column. */
  page: { mark: 'size-10 rounded-xl text-sm shadow', name: 'text-xl' },
  /** At the head of the side drawer. */
  drawer: { mark: 'size-8 rounded-lg text-xs', name: '' },
};

/** The product's mark and name, «360 web» (the name reads left to right in an RTL layout too). */
export function Brand({ size, className }: { size: keyof typeof SIZES; className?: string }) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <span
        className={cn(
          'flex items-center justify-center bg-primary font-bold text-primary-foreground',
          SIZES[size].mark,
        )}
      >
        360
      </span>
      <span className={cn('font-semibold', SIZES[size].name)} dir="ltr">
        360 web
      </span>
    </div>
  );
}
