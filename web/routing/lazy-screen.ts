import type { ComponentType } from 'react';

// Kept apart from route-types.ts, which reads the permission catalogue: the first page's route
// table needs only this.
export type ScreenModule = { default: ComponentType };

/** A route's `lazy`: the screen's module, loaded when the route is first matched. */
export const lazyScreen = (load: () => Promise<ScreenModule>) => async () => ({
  Component: (await load()).default,
});
