// The command palette (decision 0151): one box that finds members, purchases and
// products (GET /api/v1/buscar, already filtered by the user's permissions on the server) and the
// menu's screens the user may open (from SCREENS and the registry, through the menu), grouped,
// recent choices first. Keyboard: arrows move, Enter opens, Esc closes. ARIA combobox + listbox.
// Loaded on first open by the launcher (palette-launcher.tsx).
import { compareSpanish, spanishSortKey } from '@shared/spanish-order';
import { useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
// The palette is a search box in a dialog, its title and description read only by a screen reader:
// the one dialog drawn from the primitives (decision 0469).
// eslint-disable-next-line no-restricted-imports
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { keyOf } from '@/lib/query';
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import { MENU, menuLeaves, visibleMenu } from '@/shell/menu';
import { search, SEARCH_PATH } from '@/shell/shell-api';

type Group = 'Recientes' | 'Pantallas' | 'Miembros' | 'Compras' | 'Productos';
export type PaletteItem = { key: string; group: Group; label: string; detail?: string; path: string };

const RECENT_KEY = 'paleta:recientes';
const RECENT_MAX = 8;

function readRecents(): PaletteItem[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as PaletteItem[];
    return Array.isArray(parsed)
      ? parsed.filter((i) => typeof i?.path === 'string').slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

function remember(item: PaletteItem) {
  const rest = readRecents().filter((i) => i.key !== item.key);
  try {
    localStorage.setItem(
      RECENT_KEY,
      JSON.stringify([{ ...item, group: 'Recientes' }, ...rest].slice(0, RECENT_MAX)),
    );
  } catch {
    /* storage full or blocked: the palette still works */
  }
}

/** Every typed word begins or appears in the text, accents and case ignored (Spanish keys). */
const matches = (text: string, words: string[]) => {
  const key = spanishSortKey(text);
  return words.every((w) => key.includes(w));
};

export default function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 150);
  const { can } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const screens = useMemo(
    () =>
      menuLeaves(visibleMenu(MENU, can))
        .map((l): PaletteItem => ({
          key: `pantalla:${l.path}`,
          group: 'Pantallas',
          label: l.label,
          path: l.path,
        }))
        .sort((a, b) => compareSpanish(a.label, b.label)),
    [can],
  );
  const found = useQuery({
    queryKey: keyOf(SEARCH_PATH, q),
    queryFn: ({ signal }) => search(q, signal),
    enabled: open && q.length > 0,
    staleTime: 30_000,
  });
  const items = useMemo(() => {
    const recents = readRecents();
    const typed = text.trim();
    if (!typed) return recents;
    const words = typed.split(/\s+/).map((w) => spanishSortKey(w));
    const hits: PaletteItem[] = [];
    const data = q === typed ? found.data?.data : undefined;
    if (data) {
      for (const m of data.miembros)
        hits.push({
          key: `miembro:${m.id}`,
          group: 'Miembros',
          label: m.titulo,
          detail: m.detalle,
          path: m.ruta,
        });
      for (const c of data.compras)
        hits.push({
          key: `compra:${c.id}`,
          group: 'Compras',
          label: c.titulo,
          detail: c.detalle,
          path: c.ruta,
        });
      for (const p of data.productos)
        hits.push({
          key: `producto:${p.id}`,
          group: 'Productos',
          label: p.titulo,
          detail: p.detalle,
          path: p.ruta,
        });
    }
    const fromScreens = screens.filter((s) => matches(s.label, words)).slice(0, 8);
    const all = [...fromScreens, ...hits];
    // Recent choices first: those the text matches, or that the server found again.
    const recentFirst = recents
      .filter((r) => matches(`${r.label} ${r.detail ?? ''}`, words) || all.some((i) => i.key === r.key))
      .map((r) => ({ ...r, group: 'Recientes' as const }));
    const seen = new Set(recentFirst.map((r) => r.key));
    return [...recentFirst, ...all.filter((i) => !seen.has(i.key))];
  }, [text, q, found.data, screens]);

  const current = Math.min(active, Math.max(0, items.length - 1));
  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    remember(item);
    onOpenChange(false);
    setText('');
    navigate(item.path);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!items.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(items[current]);
    }
  };
  const optionId = (i: number) => `${id}-opcion-${i}`;
  const listId = `${id}-lista`;
  const searching = text.trim() !== '' && (q !== text.trim() || found.isFetching);
  const groups = [...new Set(items.map((i) => i.group))];

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setText('');
      }}
    >
      <DialogContent
        showClose={false}
        className="top-[12vh] translate-y-0 gap-0 p-0 sm:max-w-xl"
        aria-describedby={`${id}-ayuda`}
      >
        <DialogTitle className="sr-only">Buscar</DialogTitle>
        <DialogDescription id={`${id}-ayuda`} className="sr-only">
          Escribe para buscar miembros, compras, productos y pantallas. Flechas para moverte, Enter para
          abrir, Escape para cerrar.
        </DialogDescription>
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <input
            autoFocus
            role="combobox"
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={items.length ? optionId(current) : undefined}
            aria-label="Buscar"
            placeholder="Buscar miembros, compras, productos y pantallas…"
            className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <div id={listId} role="listbox" aria-label="Resultados" className="max-h-[60vh] overflow-y-auto p-2">
          {groups.map((group) => (
            <div key={group} role="group" aria-labelledby={`${id}-grupo-${group}`} className="py-1">
              <div
                id={`${id}-grupo-${group}`}
                className="px-2 py-1 text-xs font-medium text-muted-foreground"
              >
                {group}
              </div>
              {items.map((item, i) =>
                item.group !== group ? null : (
                  <div
                    key={item.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    onMouseMove={() => setActive(i)}
                    onClick={() => choose(item)}
                    className={cn(
                      'flex cursor-pointer flex-col rounded-md px-2 py-1.5 text-sm',
                      i === current && 'bg-accent text-accent-foreground',
                    )}
                  >
                    <span>{item.label}</span>
                    {item.detail && <span className="text-xs text-muted-foreground">{item.detail}</span>}
                  </div>
                ),
              )}
            </div>
          ))}
        </div>
        <p className="border-t px-3 py-2 text-xs text-muted-foreground" aria-live="polite">
          {searching
            ? 'Buscando…'
            : items.length
              ? `${items.length} ${items.length === 1 ? 'resultado' : 'resultados'}`
              : text.trim()
                ? 'Sin resultados'
                : 'Escribe para buscar'}
        </p>
      </DialogContent>
    </Dialog>
  );
}
