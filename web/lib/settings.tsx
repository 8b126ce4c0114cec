import { Direction as DirectionPrimitive } from 'radix-ui';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import {
  applyToDocument,
  appliedTheme,
  isTheme,
  readSettings,
  type Settings,
  THEMES,
  type ThemeName,
  writeSettings,
} from '@/lib/settings-store';

type SettingsContextValue = {
  settings: Settings;
  /** The theme actually applied: the stored one if it exists, else the first theme. */
  theme: ThemeName;
  update: (patch: Partial<Settings>) => void;
};

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [initial] = useState(readSettings);
  const [settings, setSettings] = useState<Settings>(initial.settings);
  const warned = useRef<string | null>(null);
  const theme = appliedTheme(settings.theme);

  useEffect(() => {
    if (isTheme(settings.theme) || warned.current === settings.theme) return;
    warned.current = settings.theme;
    console.warn(`Tema desconocido "${settings.theme}"; se usa ${THEMES[0]}.`);
    // The built-in default is unknown on purpose (spec); only a stored unknown name is news.
    if (initial.stored)
      toast.warning(`El tema "${settings.theme}" no existe; se aplicó el tema ${THEMES[0]}.`);
    // Said once: the theme applied is stored, so the next page loads are quiet.
    writeSettings(settings);
  }, [settings, initial.stored]);

  useLayoutEffect(() => {
    applyToDocument(settings.direction, theme, settings.responsiveFontSizes);
  }, [settings.direction, settings.responsiveFontSizes, theme]);

  const update = useCallback((patch: Partial<Settings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      writeSettings(next);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ settings, theme, update }), [settings, theme, update]);
  return (
    <SettingsContext.Provider value={value}>
      <DirectionPrimitive.Provider dir={settings.direction}>{children}</DirectionPrimitive.Provider>
    </SettingsContext.Provider>
  );
}

export function useSettings(): SettingsContextValue {
  const ctx = useContext(SettingsContext);
  if (!ctx) throw new Error('useSettings must be used inside <SettingsProvider>');
  return ctx;
}
