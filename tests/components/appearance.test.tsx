// The appearance settings (docs/decisions/0052 and the settings store): a change of direction or
// font size stores a theme that exists, and a stored unknown theme is said once, then replaced.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { SettingsProvider } from '@/lib/settings';
import { SettingsPanel } from '@/shell/settings-panel';

const stored = () => JSON.parse(localStorage.getItem('settings') ?? 'null') as Record<string, unknown> | null;
const app = () => (
  <SettingsProvider>
    <Toaster />
    <SettingsPanel />
  </SettingsProvider>
);

describe('appearance settings', () => {
  it('right to left from the default stores direction rtl with theme CLARO, and no warning', async () => {
    const user = userEvent.setup();
    render(app());
    await user.click(screen.getByRole('radio', { name: 'Derecha a izquierda' }));
    expect(stored()).toMatchObject({ direction: 'rtl', theme: 'CLARO' });
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(screen.queryByText(/no existe/)).toBeNull();
  });

  it('a stored unknown theme warns once and is replaced by the theme applied', async () => {
    localStorage.setItem(
      'settings',
      JSON.stringify({ direction: 'ltr', responsiveFontSizes: true, theme: 'LIGHT' }),
    );
    const first = render(app());
    await screen.findByText('El tema "LIGHT" no existe; se aplicó el tema CLARO.');
    await waitFor(() => expect(stored()?.theme).toBe('CLARO'));
    first.unmount();
    toast.dismiss();
    // The next page load reads CLARO: nothing to say, neither in a toast nor in the console.
    const warn = vi.spyOn(console, 'warn');
    render(app());
    await new Promise((r) => setTimeout(r, 50));
    expect(warn).not.toHaveBeenCalled();
    expect(stored()?.theme).toBe('CLARO');
  });
});
