import { Toaster } from 'sonner';
import { useSettings } from '@/lib/settings';

/** One toast at a time (product-spec §9), coloured by kind, following the theme. */
export function AppToaster() {
  const { theme, settings } = useSettings();
  return (
    <Toaster
      visibleToasts={1}
      richColors
      closeButton
      position="top-right"
      dir={settings.direction}
      theme={theme === 'OSCURO' ? 'dark' : 'light'}
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
    />
  );
}
