import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LeaveGuard } from '@/components/form/leave-guard';
import { ShortcutsHelp } from '@/components/shortcuts-help';
import { OVERLAY_SLOTS } from '@/routing/slots';
import { cn } from '@/lib/cn';
import { useAppQueryClient } from '@/lib/query';
import { isHydrating } from '@/lib/use-hydrated';
import { useRouteHandle } from '@/routing/guards';
import { Drawer } from '@/shell/drawer';
import { Footer } from '@/components/layout/footer';
import { isDesktop, TopBar } from '@/shell/top-bar';

/** The frame of every /app page: drawer, top bar, the screen, footer; it holds the query cache. Loaded lazily (routes.tsx): the public pages never download the shell. */
export function AppLayout() {
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const client = useAppQueryClient();
  const { title } = useRouteHandle();

  // Any navigation (even to the page already shown) closes the drawer on small screens.
  useEffect(() => setMobileOpen(false), [location.key]);
  // When a navigation removes the focused control (the 'Nuevo' button, a row's edit link), focus
  // would fall back to the top of the document; a keyboard user continues from the new page's
  // heading instead. A control the new page focused itself (autofocus) or a menu link that stays
  // on screen keeps its focus.
  // In the next frame, not in the commit: focusing needs the page's styles, and computing them
  // there made the commit of a whole page one long task (decision 0270).
  // A document the server drew keeps the browser's own focus on arrival, as any fresh document
  // does (and focusing would make the browser compute every style of the page in one long task).
  const arrivedServed = useRef(isHydrating());
  useEffect(() => {
    if (arrivedServed.current) {
      arrivedServed.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.pathname]);
  useEffect(() => {
    document.title = title ? `${title} | 360 web` : '360 web';
  }, [title]);

  // Leaving the private shell (logout, a lost session) forgets every cached answer.
  useEffect(() => () => client.clear(), [client]);

  const toggle = () => (isDesktop() ? setDesktopOpen((o) => !o) : setMobileOpen((o) => !o));

  return (
    <QueryClientProvider client={client}>
      <div className="relative min-h-dvh bg-background">
        {/* The drawer is fixed (it stays in view while the page scrolls); this strip paints its
              background down the whole document too, so a long page never shows the panel ending
              part-way (e.g. in a full-page capture or print). */}
        {desktopOpen && (
          <div
            aria-hidden
            data-drawer-strip
            className="pointer-events-none absolute inset-y-0 start-0 hidden w-64 border-e bg-sidebar lg:block"
          />
        )}
        <Drawer
          desktopOpen={desktopOpen}
          mobileOpen={mobileOpen}
          onCloseMobile={() => setMobileOpen(false)}
        />
        <div
          className={cn(
            'flex min-h-dvh flex-col transition-[padding] duration-200',
            desktopOpen && 'lg:ps-64',
          )}
        >
          <TopBar desktopOpen={desktopOpen} mobileOpen={mobileOpen} onToggleMenu={toggle} />
          <main className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-6">
            <Outlet />
          </main>
          <Footer />
        </div>
        <LeaveGuard />
        <ShortcutsHelp />
        <OVERLAY_SLOTS.consent />
      </div>
    </QueryClientProvider>
  );
}
