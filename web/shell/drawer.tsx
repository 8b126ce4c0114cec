import { Link } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { Separator } from '@/components/ui/separator';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/lib/session';
import { SideMenu } from '@/shell/side-menu';
import { UserAvatar } from '@/shell/user-avatar';

type DrawerProps = { desktopOpen: boolean; mobileOpen: boolean; onCloseMobile: () => void };

/** The 256 px side drawer: the user card, then the menu. Slides over the page below lg. */
export function Drawer({ desktopOpen, mobileOpen, onCloseMobile }: DrawerProps) {
  const { user } = useCurrentUser();
  return (
    <>
      {mobileOpen && (
        <div aria-hidden className="fixed inset-0 z-30 bg-black/40 lg:hidden" onClick={onCloseMobile} />
      )}
      <aside
        id="app-drawer"
        aria-label="Menú lateral"
        className={cn(
          'fixed inset-y-0 start-0 z-40 flex w-64 flex-col border-e bg-sidebar text-sidebar-foreground transition-[transform,visibility] duration-200',
          !mobileOpen && 'max-lg:invisible max-lg:ltr:-translate-x-full max-lg:rtl:translate-x-full',
          !desktopOpen && 'lg:invisible lg:ltr:-translate-x-full lg:rtl:translate-x-full',
        )}
      >
        <Brand size="drawer" className="h-16 shrink-0 px-5" />
        <Separator />
        <Link
          to="/app/miinformacionpersonal"
          className="m-3 flex items-center gap-3 rounded-lg bg-accent/60 p-3 transition-colors hover:bg-accent"
        >
          <UserAvatar name={user.user_name} photoUrl={user.photo_url} className="size-11" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{user.user_name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </Link>
        <SideMenu />
      </aside>
    </>
  );
}
