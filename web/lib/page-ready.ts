import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * `<html data-ready>`: the screen shown takes keys and clicks (decision 0335).
 * - Set from an effect of the route tree's root, after every effect of the screen and its frame
 *   has run in that commit (the palette's Ctrl+K listener, the grid's handlers: effects run children
 *   first, and this comes after the screen), so a press the moment it appears is the app's.
 * - Removed the moment a navigation starts (signing in, a link to a screen not loaded yet): the
 *   screen on show is then not the one the next key is for. Set again once the new screen has
 *   committed, or when the navigation ends where it started (blocked, failed).
 * - Not set while the session is checked (RootLayout shows the loading screen then).
 * No style reads it (restyling the page for it cost a long task, decision 0307); the browser tests
 * wait for it.
 */
const html = () => document.documentElement;
const mark = () => {
  if (html().dataset.ready === undefined) html().dataset.ready = '';
};
const unmark = () => {
  if (html().dataset.ready !== undefined) delete html().dataset.ready;
};

/** The location whose screen last committed. */
let committedKey: string | null = null;

type Navigations = {
  subscribe(fn: (state: { navigation: { state: string }; location: { key: string } }) => void): unknown;
};

/** main.tsx: follows the router's navigations (the router's own subscription, outside React). */
export function followNavigations(router: Navigations) {
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle') unmark();
    else if (state.location.key === committedKey) mark();
  });
}

/** Marks the page ready once the screen of the current location has committed. */
export function useMarkPageReady() {
  const { key } = useLocation();
  useEffect(() => {
    committedKey = key;
    mark();
  }, [key]);
}

/** The route tree's last child (root-layout.tsx): it marks the page ready. */
export function PageReady() {
  useMarkPageReady();
  return null;
}
