// react-dom/client for the profiling build of the SPA (`vite build --mode profiling`, vite.config.ts),
// which only tests/e2e/hydration.test.ts serves: React's profiling build, with the root wrapped in
// a <Profiler> whose callbacks go to `window.__profiler` when the page's init script defined it.
// Production React never calls a Profiler's callbacks; the app itself is unchanged (decision 0334).
import { createElement, Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import type * as Client from 'react-dom/client';
// @ts-expect-error: @types/react-dom has no entry for react-dom/profiling, which has react-dom/client's API.
import * as profiling from 'react-dom/profiling';

const client = profiling as typeof Client;

/** What the page's init script listens with (React's Profiler callbacks). */
type Watch = {
  onRender: ProfilerOnRenderCallback;
  onPostCommit?: (id: string, phase: string, passiveDuration: number, commitTime: number) => void;
};

const watched = (children: ReactNode): ReactNode => {
  const watch = (globalThis as { __profiler?: Watch }).__profiler;
  if (!watch) return children;
  // onPostCommit (after a commit's passive effects) is a prop React's types do not list.
  const props = { id: 'root', onRender: watch.onRender, onPostCommit: watch.onPostCommit };
  return createElement(Profiler, props, children);
};

export const hydrateRoot: typeof Client.hydrateRoot = (container, children, options) =>
  client.hydrateRoot(container, watched(children), options);

export const createRoot: typeof Client.createRoot = (container, options) => {
  const root = client.createRoot(container, options);
  const render = root.render.bind(root);
  root.render = (children) => render(watched(children));
  return root;
};
