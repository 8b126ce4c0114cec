import { cn } from '@/lib/cn';

/** Every page carries this text (docs/product-spec.md §1). */
export function Footer({ className }: { className?: string }) {
  return (
    // dir="ltr": an English sentence keeps its full stop at the end in right-to-left pages.
    <footer dir="ltr" className={cn('px-6 py-4 text-center text-xs text-muted-foreground', className)}>
      Powered by 360 web.
    </footer>
  );
}
