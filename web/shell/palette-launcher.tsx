// The top bar's search box and the Ctrl+K / ⌘K shortcut. The palette itself is loaded on first
// open (a chunk of its own), so it adds nothing to the first load of a screen.
import { SearchIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isPaletteShortcut, PALETTE_SHORTCUT } from '@/shell/palette-shortcut';

const CommandPalette = lazy(() => import('@/shell/command-palette'));

export function PaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-haspopup="dialog"
        aria-keyshortcuts={PALETTE_SHORTCUT.aria}
        className="flex h-9 min-w-9 items-center gap-2 rounded-md border bg-background px-2 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:w-64 md:px-3"
      >
        <SearchIcon className="size-4 shrink-0" aria-hidden />
        <span className="sr-only flex-1 text-start md:not-sr-only">Buscar en todo</span>
        <kbd className="hidden rounded border bg-muted px-1.5 font-sans text-xs md:inline" aria-hidden>
          {PALETTE_SHORTCUT.keys.join(' ')}
        </kbd>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
