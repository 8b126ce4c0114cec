// Display settings kept in localStorage under 'settings' (docs/product-spec.md §9).
export const THEMES = ['CLARO', 'OSCURO', 'UNICORN'] as const;
export type ThemeName = (typeof THEMES)[number];
export type Direction = 'ltr' | 'rtl';

export type Settings = { direction: Direction; responsiveFontSizes: boolean; theme: string };

export const SETTINGS_KEY = 'settings';

/**
 * The shipped default names a theme that does not exist (the spec keeps this quirk), so the
 * first theme, CLARO, is what a new visitor sees.
 */
export const DEFAULT_SETTINGS: Settings = { direction: 'ltr', responsiveFontSizes: true, theme: 'LIGHT' };

export function isTheme(name: unknown): name is ThemeName {
  return typeof name === 'string' && (THEMES as readonly string[]).includes(name);
}

/** The theme a setting applies: the named one if it exists, else the first theme. */
export function appliedTheme(name: string): ThemeName {
  return isTheme(name) ? name : THEMES[0];
}

/** Returns the stored settings and whether they came from storage. */
export function readSettings(): { settings: Settings; stored: boolean } {
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (!raw) return { settings: DEFAULT_SETTINGS, stored: false };
    const parsed = JSON.parse(raw) as Partial<Settings>;
    return {
      stored: true,
      settings: {
        direction: parsed.direction === 'rtl' ? 'rtl' : 'ltr',
        responsiveFontSizes: parsed.responsiveFontSizes ?? DEFAULT_SETTINGS.responsiveFontSizes,
        theme: typeof parsed.theme === 'string' ? parsed.theme : DEFAULT_SETTINGS.theme,
      },
    };
  } catch {
    return { settings: DEFAULT_SETTINGS, stored: false };
  }
}

/**
 * Stores the settings with a theme that exists: a visitor who only changes the direction or the
 * font sizes stores the theme he sees (CLARO), not the default's unknown name, so the unknown-theme
 * warning of docs/product-spec.md §8 is not raised again on every later page load.
 */
export function writeSettings(settings: Settings) {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings, theme: appliedTheme(settings.theme) }));
  } catch {
    // private mode or full storage: the settings simply do not persist
  }
}

/**
 * Sets <html>'s direction, theme and font-size class, each only when it differs: setting `dir` even
 * to the value it has makes the browser restyle every element (its `:dir()` and `[dir]` rules), a
 * long task on a page the server drew (decision 0307).
 */
export function applyToDocument(direction: Direction, theme: ThemeName, responsiveFontSizes: boolean) {
  const html = document.documentElement;
  if (html.getAttribute('dir') !== direction) html.setAttribute('dir', direction);
  if (html.getAttribute('data-theme') !== theme) html.setAttribute('data-theme', theme);
  if (html.classList.contains('responsive-fonts') !== responsiveFontSizes)
    html.classList.toggle('responsive-fonts', responsiveFontSizes);
}

/**
 * Applies the stored settings to <html> at once, before React starts: the document has its
 * direction and theme from the first script on, not only after the first (sliced) render commits.
 */
export function applyStoredSettings() {
  const { settings } = readSettings();
  applyToDocument(settings.direction, appliedTheme(settings.theme), settings.responsiveFontSizes);
}
