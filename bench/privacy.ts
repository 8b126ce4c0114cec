// The rights desk's figures (decisions 0416, 0418): the ZIP of a member with 5,000 purchases (two
// lines each), 5,000 bonus lines and 200 gallery files, counting the database requests it makes
// (each execute or batch is one round trip to Turso from the Worker; the budget is 500); and the
// suppression of a member with 100,000 revisions, invocation by invocation (each bounded to 10
// steps or 5 s), with the requests and time of each.
import type { Client } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startSuppression, runSuppression } from '../worker/modules/privacy-desk/suppression';
import { memberZip } from '../worker/modules/privacy-desk/export';
import { localClient } from '../worker/platform/adapters/local-libsql';
import { memoryBlobs } from '../worker/platform/adapters/memory-blobs';
import { createDb } from '../worker/platform/db';
import { migrateDb } from '../worker/platform/migrate';
import { seed } from '../worker/platform/seed';
import { printTable } from './stats';

/** A client that counts its round trips. */
function counting(client: Client) {
  const counter = { requests: 0 };
  const wrapped = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (['execute', 'batch', 'executeMultiple', 'migrate'].includes(String(prop)))
        return (...args: unknown[]) => {
          counter.requests++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return value.bind(target);
    },
  });
  return { client: wrapped, counter };
}

const PURCHASES = 5_000;
const FILES = 200;
const REVISIONS = 100_000;

export async function benchPrivacy() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-privacy-'));
  try {
    const raw = localClient({ url: `file:${join(dir, 'app.db')}` });
    await raw.execute('PRAGMA journal_mode = WAL');
    const { client, counter } = counting(raw);
    const db = createDb(client);
    const now = Date.UTC(2026, 10, 13, 15);
    const clock = { now: () => now };
    await migrateDb(db);
    await seed(
      { db, clock, config: { pepper: 'p', pbkdf2Iterations: 1000 } as never },
      { email: 'admin@bench.local', password: 'Bench-admin-1' },
    );
    // The member, his purchases with two lines each, bonus lines, his gallery.
    await raw.execute(`insert into users (id, email, user_name, nombres, apellidos, numero_identificacion, password_hash, referral_code, created_at, updated_at)
      values (500, 'maria@bench.co', 'maria', 'María', 'Restrepo Gómez', '43123456', 'x', 'RC500', 0, 0)`);
    await raw.execute(
      `insert into ciclos_bonificacion (clave, inicio, fin, estado, iniciado_at, origen) values ('2026-10', 0, 1, 'LIQUIDADO', 0, 'bench')`,
    );
    for (let i = 0; i < PURCHASES; i += 1000) {
      const ids = Array.from({ length: 1000 }, (_, k) => i + k + 1);
      await raw.execute(
        `insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values ${ids.map((id) => `(${id}, 500, 'b:${id}', 2, 1000000, 'PAGADO', ${now}, ${now}, ${now})`).join(',')}`,
      );
      await raw.execute(
        `insert into compra_lineas (compra_id, codigo, nombre, cantidad, precio, subtotal) values ${ids.flatMap((id) => [`(${id}, 'KIT', 'Kit de bienvenida', 1, 500000, 500000)`, `(${id}, 'TAZA', 'Taza', 1, 500000, 500000)`]).join(',')}`,
      );
      await raw.execute(
        `insert into ciclo_bonificacion_user_referido (ciclo_id, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, created_at) values ${ids.map((id) => `(1, 500, ${id}, 1, 1, 1000000, 1000, 100000, 0)`).join(',')}`,
      );
    }
    const blobs = memoryBlobs();
    const image = new Uint8Array(200_000).map((_, i) => (i * 31) % 251);
    const media: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const key = `galeria/500/${i}.jpg`;
      await blobs.put(key, new Blob([image]).stream(), {
        contentType: 'image/jpeg',
        size: image.length,
        fileName: `${i}.jpg`,
      });
      media.push(`(500, '${key}', '${i}.jpg', 'image/jpeg', ${image.length}, ${now}, ${now})`);
    }
    await raw.execute(
      `insert into perfil_media (user_id, blob_key, file_name, content_type, size, created_at, updated_at) values ${media.join(',')}`,
    );

    counter.requests = 0;
    const t0 = performance.now();
    const reader = memberZip(db, blobs, 500, now).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    const zipMs = performance.now() - t0;
    const zipRequests = counter.requests;
    printTable(
      `«Descargar mis datos»: ${PURCHASES.toLocaleString('en-US')} purchases, ${FILES} files of 200 KB`,
      [
        ['database requests', `${zipRequests} (budget 500: ${(zipRequests / 500).toFixed(2)} of it)`],
        ['zip size', `${(bytes / 2 ** 20).toFixed(1)} MB`],
        ['time to the last byte', `${(zipMs / 1000).toFixed(2)} s`],
      ],
    );

    // Suppression: 100,000 revisions holding his e-mail and names.
    for (let i = 0; i < REVISIONS; i += 5000) {
      const rows = Array.from(
        { length: 5000 },
        (_, k) =>
          `(${i + k + 1}, 'users', 500, '{"email":"maria@bench.co","nombres":"María","apellidos":"Restrepo Gómez","numero_identificacion":"43123456","n":${i + k}}', null)`,
      );
      await raw.execute(
        `insert into revisions (activity_id, entity, entity_id, snapshot, delta) values ${rows.join(',')}`,
      );
    }
    await raw.execute(`insert into privacidad_solicitudes (radicado, user_id, tipo, descripcion, estado, recibida_el, vence_el, created_at, updated_at)
      values ('PD-2026-000001', 500, 'SUPRESION', 'bench', 'RESUELTA', '2026-11-13', '2026-12-07', 0, 0)`);
    counter.requests = 0;
    const s0 = performance.now();
    const supId = await startSuppression(db, blobs, now, 1, 500);
    const startRequests = counter.requests;
    const startMs = performance.now() - s0;
    const invocations: { requests: number; ms: number; pasos: number }[] = [];
    for (let estado = 'EN_CURSO'; estado === 'EN_CURSO';) {
      counter.requests = 0;
      const i0 = performance.now();
      const r = await runSuppression(db, supId, now, () => Date.now());
      invocations.push({ requests: counter.requests, ms: performance.now() - i0, pasos: r.pasos });
      estado = r.estado;
    }
    const left = (await db.get<{ n: number }>(
      sql`select count(*) as n from revisions where instr(snapshot, 'maria@bench.co') > 0`,
    ))!.n;
    const maxReq = Math.max(...invocations.map((i) => i.requests));
    const maxMs = Math.max(...invocations.map((i) => i.ms));
    printTable(`Suppression of a member with ${REVISIONS.toLocaleString('en-US')} revisions`, [
      ['start (anonymise, files)', `${startRequests} requests, ${startMs.toFixed(0)} ms`],
      ['scrub invocations', String(invocations.length)],
      ['steps per invocation', invocations.map((i) => i.pasos).join(', ')],
      ['largest invocation', `${maxReq} requests, ${maxMs.toFixed(0)} ms`],
      ['total scrub time', `${(invocations.reduce((a, i) => a + i.ms, 0) / 1000).toFixed(2)} s`],
      ['revisions still holding his e-mail', String(left)],
    ]);
    raw.close();
    return { zipRequests, bytes, zipMs, invocations, left };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
