import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Brand } from '@/components/layout/brand';
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
        <Brand size="page" className="mb-6 justify-center" />
        {children}
      </main>
      <Footer />
    </div>
  );
}
