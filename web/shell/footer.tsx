import { cn } from '@/lib/cn';

/** Every page carries this text (product-spec §1). */
export function Footer({ className }: { className?: string }) {
  return (
    <footer className={cn('px-6 py-4 text-center text-xs text-muted-foreground', className)}>Powered by 360 web.</footer>
  );
}
