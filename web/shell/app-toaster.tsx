import { Toaster } from 'sonner';
import { useSettings } from '@/lib/settings';
import { installOneToast } from '@/shell/one-toast';

installOneToast();

/**
 * One toast at a time (product-spec §9; a new one replaces the current), coloured by kind,
 * following the theme, and placed below the 64 px top bar so it never covers its icons.
 */
export function AppToaster() {
  const { theme, settings } = useSettings();
  return (
    <Toaster
      visibleToasts={1}
      richColors
      closeButton
      position="top-right"
      offset={{ top: 80, right: 16, left: 16 }}
      mobileOffset={{ top: 72, right: 8, left: 8 }}
      dir={settings.direction}
      theme={theme === 'OSCURO' ? 'dark' : 'light'}
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
    />
  );
}
