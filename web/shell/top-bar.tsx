import { MenuIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TOP_BAR_SLOTS } from '@/routing/slots';
import { NotificationsBell } from '@/shell/notifications-bell';
import { PaletteLauncher } from '@/shell/palette-launcher';
import { SettingsPopover } from '@/shell/settings-popover';
import { UserMenu } from '@/shell/user-menu';

const { cart: CartPopover, help: HelpPopover } = TOP_BAR_SLOTS;

/** The 64 px top bar (product-spec §1). */
export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b bg-topbar/95 px-3 backdrop-blur md:px-5">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Mostrar u ocultar el menú"
        aria-controls="app-drawer"
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      >
        <MenuIcon className="size-5" />
      </Button>
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
