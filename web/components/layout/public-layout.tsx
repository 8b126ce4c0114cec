import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Footer } from '@/components/layout/footer';

/** The frame of the public pages: a centred column on a soft background, and the footer. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent/60 to-background">
      <main
        className={cn(
          'mx-auto flex w-full flex-1 flex-col justify-center px-4 py-10',
          wide ? 'max-w-3xl' : 'max-w-md',
        )}
      >
        <div className="mb-6 flex items-center justify-center gap-2">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-sm font-bold text-primary-foreground shadow">
            360
          </span>
          <span className="text-xl font-semibold" dir="ltr">
            360 web
          </span>
        </div>
        {children}
      </main>
      <Footer />
    </div>
  );
}
