// The bench's month: members in a random referral tree, two thirds subscribed, purchases paid in
// November 2026 (Bogotá). Shared by the settlement bench and the bounded-settlement tests.
import { createClient } from '@libsql/client';
import { join } from 'node:path';
import { createDb } from '../worker/platform/db';
import { migrateDb } from '../worker/platform/migrate';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { cycleWindow } from '../worker/shared/cycles';

/** Deterministic pseudo-random numbers, so every run builds the same tree. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Builds the bench's month in a fresh database file. */
export async function buildMonth(dir: string, MEMBERS: number, PURCHASES: number) {
  const client = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
  for (const pragma of LOCAL_PRAGMAS) await client.execute(pragma);
  const db = createDb(client);
  await migrateDb(db);
  // At a million members the secondary indexes are built once after the load (a million
  // random-order index inserts cost many times more than one sort). The 100,000-member month keeps
  // loading them incrementally, as the README's earlier figures were measured.
  const indexes =
    MEMBERS > 200_000
      ? (
          await client.execute(
            "select name, sql from sqlite_master where type = 'index' and tbl_name in ('users', 'compras', 'suscripciones') and sql is not null",
          )
        ).rows
      : [];
  for (const ix of indexes) await client.execute(`drop index ${ix.name}`);
  const rand = rng(42);
  const { start } = cycleWindow('2026-11');
  const DAY = 86_400_000;
  await client.execute(
    "insert into categorias_productos (id, nombre, created_at, updated_at) values (1, 'General', 0, 0)",
  );
  await client.execute(
    "insert into tipos_suscripcion (id, nombre, precio, duracion_meses, created_at, updated_at) values (1, 'Mensual', 5000000, 1, 0, 0)",
  );
  for (let i = 1; i <= MEMBERS; i += 5000) {
    const rows: string[] = [];
    for (let id = i; id < i + 5000 && id <= MEMBERS; id++) {
      const sponsor = id === 1 ? 'null' : String(1 + Math.floor(rand() * (id - 1)));
      rows.push(`(${id}, 'm${id}@b.co', 'm${id}', 'x', 'R${id}', ${sponsor}, 0, 0)`);
    }
    await client.execute(
      `insert into users (id, email, user_name, password_hash, referral_code, sponsor_id, created_at, updated_at) values ${rows.join(',')}`,
    );
  }
  const subs0 = Math.max(1_000_000, PURCHASES); // subscription purchases' ids, clear of the month's
  // Two thirds of the members hold an active subscription at the end of November.
  for (let i = 1; i <= MEMBERS; i += 5000) {
    const compras: string[] = [];
    const subs: string[] = [];
    for (let id = i; id < i + 5000 && id <= MEMBERS; id++) {
      if (id % 3 === 0) continue;
      compras.push(`(${subs0 + id}, ${id}, 's${id}', 1, 5000000, 'PAGADO', ${start - 40 * DAY}, 0, 0)`);
      subs.push(`(${id}, 1, ${subs0 + id}, 'APROBADO', ${start - 40 * DAY}, ${start + 60 * DAY}, 0, 0)`);
    }
    await client.execute(
      `insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values ${compras.join(',')}`,
    );
    await client.execute(
      `insert into suscripciones (user_id, tipo_suscripcion_id, compra_id, estado, fecha_inicio, fecha_fin, created_at, updated_at) values ${subs.join(',')}`,
    );
  }
  for (let i = 1; i <= PURCHASES; i += 5000) {
    const rows: string[] = [];
    for (let id = i; id < i + 5000 && id <= PURCHASES; id++) {
      const buyer = 1 + Math.floor(rand() * MEMBERS);
      const total = (10 + Math.floor(rand() * 990)) * 100_000;
      rows.push(
        `(${id}, ${buyer}, 'c${id}', 1, ${total}, 'PAGADO', ${start + Math.floor(rand() * 29 * DAY)}, 0, 0)`,
      );
    }
    await client.execute(
      `insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at) values ${rows.join(',')}`,
    );
  }
  for (const ix of indexes) await client.execute(String(ix.sql));
  await client.execute('analyze');
  return { client, db, start, DAY };
}
