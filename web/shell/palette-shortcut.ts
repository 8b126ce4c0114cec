// The command palette's keyboard shortcut, as data: the palette launcher listens for it, and a
// list of shortcuts (the `?` sheet) can import it to show it without loading the palette.
export const PALETTE_SHORTCUT = {
  /** What the sheet shows: Ctrl K (⌘ K on a Mac). */
  keys: ['Ctrl', 'K'],
  macKeys: ['⌘', 'K'],
  label: 'Buscar y abrir cualquier cosa',
  /** `aria-keyshortcuts` of the launcher. */
  aria: 'Control+K Meta+K',
} as const;

/** Whether a key press is the palette's shortcut (Ctrl+K, or ⌘K on a Mac). */
export const isPaletteShortcut = (
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
