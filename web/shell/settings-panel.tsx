// The appearance settings inside the top bar's popover (settings-popover.tsx), loaded when it
// first opens.
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useSettings } from '@/lib/settings';
import { type Direction, THEMES } from '@/lib/settings-store';
import { ChoiceGroup } from '@/shell/choice-group';

const DIRECTIONS: { value: Direction; label: string }[] = [
  { value: 'ltr', label: 'Izquierda a derecha' },
  { value: 'rtl', label: 'Derecha a izquierda' },
];

const THEME_SWATCH: Record<(typeof THEMES)[number], string> = {
  CLARO: 'bg-white',
  OSCURO: 'bg-zinc-900',
  UNICORN: 'bg-gradient-to-br from-pink-200 via-purple-200 to-sky-200',
};

/** Direction, responsive font sizes and theme (docs/product-spec.md §2, §3). */
export function SettingsPanel() {
  const { settings, theme, update } = useSettings();
  return (
    <>
      <h2 className="text-sm font-semibold">Ajustes de apariencia</h2>
      <ChoiceGroup
        legend="Dirección"
        name="direction"
        value={settings.direction}
        options={DIRECTIONS}
        onChange={(direction) => update({ direction })}
      />
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="responsive-fonts">Tamaños de fuente adaptables</Label>
        <Switch
          id="responsive-fonts"
          checked={settings.responsiveFontSizes}
          onCheckedChange={(responsiveFontSizes) => update({ responsiveFontSizes })}
        />
      </div>
      <ChoiceGroup
        legend="Tema"
        name="theme"
        value={theme}
        options={THEMES.map((t) => ({ value: t, label: t, swatch: THEME_SWATCH[t] }))}
        onChange={(next) => update({ theme: next })}
      />
    </>
  );
}
