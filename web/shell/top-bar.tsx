import { MenuIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';
import { TOP_BAR_SLOTS } from '@/routing/slots';
import { NotificationsBell } from '@/shell/notifications-bell';
import { PaletteLauncher } from '@/shell/palette-launcher';
import { SettingsPopover } from '@/shell/settings-popover';
import { UserMenu } from '@/shell/user-menu';

const { cart: CartPopover, help: HelpPopover } = TOP_BAR_SLOTS;

const DESKTOP = '(min-width: 1024px)';

/** Whether the drawer sits beside the page (lg and up) rather than over it. */
export const isDesktop = () => window.matchMedia(DESKTOP).matches;

type MenuState = { desktopOpen: boolean; mobileOpen: boolean; onToggleMenu: () => void };

/**
 * The drawer's button. The viewport is known in the browser only: a page drawn on the server says
 * closed, and this button alone (not the frame around the page) says open once hydrated.
 */
function MenuButton({ desktopOpen, mobileOpen, onToggleMenu }: MenuState) {
  const hydrated = useHydrated();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Mostrar u ocultar el menú"
      aria-controls="app-drawer"
      aria-expanded={mobileOpen || (desktopOpen && hydrated && isDesktop())}
      onClick={onToggleMenu}
    >
      <MenuIcon className="size-5" />
    </Button>
  );
}

/** The 64 px top bar (docs/product-spec.md §1). */
export function TopBar(menu: MenuState) {
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b bg-topbar/95 px-3 backdrop-blur md:px-5">
      <MenuButton {...menu} />
      <div className="flex-1" />
      <PaletteLauncher />
      <NotificationsBell />
      <CartPopover />
      <HelpPopover />
      <SettingsPopover />
      <UserMenu />
    </header>
  );
}
