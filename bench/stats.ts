export async function time(runs: number, fn: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i++) await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Times several variants in turns so load on the machine falls on all alike: `block` runs of one
 * variant, then `block` of the next, and so on (a, a, …, b, b, …, c, c, …, a, …). Each variant is
 * timed in its own steady state, as a server answers a stream of like requests; with one run per
 * turn (block 1) a variant always ran right after another had warmed the same pages in the CPU's
 * caches, which favoured whichever came second.
 */
export async function interleaved(
  runs: number,
  fns: (() => Promise<unknown>)[],
  block = 1,
): Promise<number[][]> {
  for (let i = 0; i < Math.min(20, runs); i++) for (const fn of fns) await fn(); // warm-up
  const out = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i += block) {
    for (let k = 0; k < fns.length; k++) {
      for (let j = i; j < Math.min(runs, i + block); j++) {
        const t = performance.now();
        await fns[k]!();
        out[k]!.push(performance.now() - t);
      }
    }
  }
  return out;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function printTable(title: string, rows: [string, string][]) {
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
}

import http from 'node:http';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A keep-alive HTTP request (Node's fetch adds ~3 ms per call in-process, which is not the app). */
export function httpRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/** Signs in through the API and returns the session as a `Cookie` header value. */
export async function sessionCookie(base: string, credentials: { email: string; password: string }) {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`login ${login.status}: ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
