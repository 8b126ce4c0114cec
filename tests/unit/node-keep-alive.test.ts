// The Node server refuses an oversized JSON body before reading it (413) and then cannot reuse the
// connection: its answer must say so (`Connection: close`), so a keep-alive client opens a new one
// instead of sending its next request into a closed socket (found by the issue 21 attacker run).
import { mkdtempSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer } from '../../worker/server';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'keep-alive-'));
  server = await startServer({
    port: 0,
    databaseUrl: `file:${join(dir, 'app.db')}`,
    blobDir: join(dir, 'blobs'),
    jwtSecret: 'keep-alive-secret-keep-alive-secret-0123',
    pepper: 'pepper',
    admin: { email: 'admin@keep-alive.local', password: 'Admin-keep-alive-1' },
    supportEmail: 'soporte@keep-alive.local',
    scheduler: false,
    referenceData: false,
  });
});
afterAll(() => server?.close());

function post(agent: Agent, body: string) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/v1/general/bancos',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

it('a 413 for an oversized JSON body closes its connection, and the next requests still get answers', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const big = JSON.stringify({ nombre: 'y'.repeat(1_100_000) });
    for (let i = 0; i < 3; i++) {
      const refused = await post(agent, big);
      expect(refused).toEqual({ status: 413, connection: 'close' });
      expect((await post(agent, '{}')).status).toBe(401);
    }
  } finally {
    agent.destroy();
  }
});
