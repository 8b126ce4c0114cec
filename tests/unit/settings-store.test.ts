// Issue 20: choosing right-to-left or a font size stores a theme that exists, so the unknown-theme
// warning (product-spec §8) is not raised again on every page load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, SETTINGS_KEY, writeSettings } from '../../web/lib/settings-store';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('settings store', () => {
  it('the default names an unknown theme and is not stored', () => {
    expect(DEFAULT_SETTINGS.theme).toBe('LIGHT');
    expect(readSettings()).toEqual({ settings: DEFAULT_SETTINGS, stored: false });
  });

  it('changing the direction from the default stores CLARO, not LIGHT', () => {
    writeSettings({ ...DEFAULT_SETTINGS, direction: 'rtl' });
    expect(JSON.parse(store.get(SETTINGS_KEY)!)).toEqual({
      direction: 'rtl',
      responsiveFontSizes: true,
      theme: 'CLARO',
    });
    expect(readSettings().settings.theme).toBe('CLARO');
  });

  it('turning font sizes off from the default stores CLARO', () => {
    writeSettings({ ...DEFAULT_SETTINGS, responsiveFontSizes: false });
    expect(readSettings().settings).toEqual({ direction: 'ltr', responsiveFontSizes: false, theme: 'CLARO' });
  });

  it('a theme that exists is stored as chosen', () => {
    writeSettings({ ...DEFAULT_SETTINGS, theme: 'UNICORN' });
    expect(readSettings().settings.theme).toBe('UNICORN');
  });
});
