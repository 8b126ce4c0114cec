// Keyboard shortcuts (decision 0162), declared once: the one keydown handler of the
// shell and the '?' help list both read SHORTCUTS. A screen binds what a shortcut does while it
// is mounted (`useShortcut`); the last binding of an id wins. Another piece adds its own
// shortcut with `registerShortcut` (the command palette's Ctrl+K) and binds it the same way.
// Shortcuts do nothing while the user types in a field, except the ones marked `inFields`.
import { useEffect, useRef, useSyncExternalStore } from 'react';

export type Shortcut = {
  id: string;
  /** How the help list writes the keys, e.g. ['Ctrl', 'S']. */
  keys: readonly string[];
  description: string;
  /** Where it works, for the help list. */
  where: string;
  matches: (e: KeyboardEvent) => boolean;
  /** Also while the focus is in a text field (saving). */
  inFields?: boolean;
};

const plain = (key: string) => (e: KeyboardEvent) =>
  e.key.toLowerCase() === key && !e.ctrlKey && !e.metaKey && !e.altKey;

let shortcuts: readonly Shortcut[] = [
  { id: 'new', keys: ['N'], description: 'Nuevo registro', where: 'Listas con «Nuevo»', matches: plain('n') },
  {
    id: 'save',
    keys: ['Ctrl', 'S'],
    description: 'Guardar el formulario',
    where: 'Formularios',
    matches: (e) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's',
    inFields: true,
  },
  {
    id: 'next',
    keys: ['J'],
    description: 'Siguiente de la cola',
    where: 'Colas de revisión',
    matches: plain('j'),
  },
  {
    id: 'prev',
    keys: ['K'],
    description: 'Anterior de la cola',
    where: 'Colas de revisión',
    matches: plain('k'),
  },
  {
    id: 'help',
    keys: ['?'],
    description: 'Ver los atajos de teclado',
    where: 'Toda la aplicación',
    matches: (e) => e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey,
  },
];

const listeners = new Set<() => void>();
/** Adds a shortcut (once per id), e.g. Ctrl+K for the command palette; it joins the help list. */
export function registerShortcut(s: Shortcut) {
  if (shortcuts.some((x) => x.id === s.id)) return;
  shortcuts = [...shortcuts, s];
  for (const l of listeners) l();
}
/** The declared shortcuts, live (the help list). */
export function useShortcutList(): readonly Shortcut[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => shortcuts,
    () => shortcuts,
  );
}

const bound = new Map<string, (() => void)[]>();

/** Binds what a shortcut does while the component is mounted (and `enabled`). */
export function useShortcut(id: string, run: () => void, enabled = true) {
  const ref = useRef(run);
  ref.current = run;
  useEffect(() => {
    if (!enabled) return;
    const fn = () => ref.current();
    bound.set(id, [...(bound.get(id) ?? []), fn]);
    return () =>
      void bound.set(
        id,
        (bound.get(id) ?? []).filter((f) => f !== fn),
      );
  }, [id, enabled]);
}

/** Whether the event comes from a place where keys are text (a field, an editable element). */
export function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(
      target.type,
    );
  return false;
}

/** The one keydown handler (mounted by the shell): the first declared shortcut that matches and is bound. */
export function handleShortcut(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.isComposing) return false;
  const inField = typing(e.target);
  for (const s of shortcuts) {
    if (!s.matches(e) || (inField && !s.inFields)) continue;
    const run = bound.get(s.id)?.at(-1);
    if (!run) continue;
    e.preventDefault();
    run();
    return true;
  }
  return false;
}

/** Mounts the handler on the window while the component lives. */
export function useShortcutHandler() {
  useEffect(() => {
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, []);
}
