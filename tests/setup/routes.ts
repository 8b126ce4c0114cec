import type { Hono } from 'hono';
import type { Policy } from '../../worker/platform/auth';
import { isPublic } from '../../worker/platform/public-routes';

export type RouteInfo = {
  method: string;
  path: string;
  policy: Policy | 'public';
  markers: number;
  /** A public route declared as a provider's webhook (its one marker is `webhook(...)`). */
  webhook: boolean;
};

/** Every API route of the app with the policy it declares (read from its marker middleware). */
export function apiRoutes(app: Hono<any>): RouteInfo[] {
  const groups = new Map<string, { method: string; path: string; policies: Policy[] }>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/v1')) continue;
    const key = `${r.method} ${r.path}`;
    const g = groups.get(key) ?? { method: r.method, path: r.path, policies: [] };
    const policy = (r.handler as { policy?: Policy }).policy;
    if (policy) g.policies.push(policy);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => ({
    method: g.method,
    path: g.path,
    markers: g.policies.length,
    webhook: g.policies.length === 1 && g.policies[0]!.kind === 'webhook',
    policy: isPublic(g.method, g.path) ? 'public' : (g.policies[0] ?? ({ kind: 'session' } as Policy)),
  }));
}

/** A concrete URL for a route pattern. */
export const concrete = (path: string) => path.replace(/:(\w+)\{[^}]*\}|:(\w+)/g, '1');
