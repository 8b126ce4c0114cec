import { Toaster } from 'sonner';
import { useSettings } from '@/lib/settings';
import { installOneToast } from '@/shell/one-toast';

installOneToast();

/**
 * One toast at a time (docs/product-spec.md §9; a new one replaces the current), coloured by kind,
 * following the theme, and placed at the bottom corner so it covers neither the top bar's icons
 * nor a page header's actions (Nuevo, Importar, Exportar).
 */
export function AppToaster() {
  const { theme, settings } = useSettings();
  return (
    <Toaster
      visibleToasts={1}
      richColors
      closeButton
      position="bottom-right"
      offset={{ bottom: 16, right: 16, left: 16 }}
      mobileOffset={{ bottom: 8, right: 8, left: 8 }}
      dir={settings.direction}
      theme={theme === 'OSCURO' ? 'dark' : 'light'}
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
    />
  );
}
