// The Worker's start-up (parsing and running its global scope), measured in workerd as
// `wrangler check startup` does: a wrapper module imports the bundle on its first request while
// V8's CPU profiler runs, over Miniflare's inspector. The profile's span is the start-up time.
import { Miniflare } from 'miniflare';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import WebSocket from 'ws';

type Profile = {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
};

/**
 * Start-up of the bundle's main module in ms: the profile's sampled time outside `(idle)` — the
 * isolate parsing and running the bundle, not waiting for the request to arrive.
 */
export async function startupMs(bundle: { scriptPath: string }, flags: string[] = []): Promise<number> {
  const main = basename(bundle.scriptPath);
  const mf = new Miniflare({
    name: 'startup',
    compatibilityDate: '2026-04-01',
    compatibilityFlags: flags,
    modulesRoot: '/',
    modules: [
      {
        type: 'ESModule',
        path: '/probe-entry.js',
        contents: `export default { async fetch() { await import('./${main}'); return new Response('ok'); } };`,
      },
      { type: 'ESModule', path: `/${main}`, contents: readFileSync(bundle.scriptPath, 'utf8') },
    ],
    inspectorPort: 0,
  });
  try {
    await mf.ready;
    const url = await mf.getInspectorURL();
    const ws = new WebSocket(new URL('/core:user:startup', url.href));
    await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
    const answers = new Map<number, (result: unknown) => void>();
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (msg.id) answers.get(msg.id)?.(msg.result);
    });
    const call = (id: number, method: string) =>
      new Promise<unknown>((ok) => {
        answers.set(id, ok);
        ws.send(JSON.stringify({ id, method, params: {} }));
      });
    await call(1, 'Profiler.enable');
    await call(2, 'Profiler.start');
    await (await mf.dispatchFetch('http://localhost/')).text();
    const p = ((await call(3, 'Profiler.stop')) as { profile: Profile }).profile;
    ws.close();
    const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
    let busy = 0;
    for (let i = 0; i < p.samples.length; i++) if (!idle.has(p.samples[i]!)) busy += p.timeDeltas[i] ?? 0;
    return busy / 1000;
  } finally {
    await mf.dispose();
  }
}
