// Issue 24 item 6 figures: the comparison of a settled cycle with the previous one (members,
// totals, new and gone, the 10 largest changes per member) at 100,000 members with a row in each
// of two cycles (BENCH_MEMBERS to change it), and the cycle's review state. Median of 5 runs.
import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cycleComparison, cycleReview } from '../worker/modules/bonuses/review';
import { createDb } from '../worker/platform/db';
import { migrateDb } from '../worker/platform/migrate';
import { LOCAL_PRAGMAS } from '../worker/platform/pragmas';
import { median, printTable, time } from './stats';

export async function benchReview() {
  const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'bench-review-'));
  try {
    const client = createClient({ url: `file:${join(dir, 'app.db')}`, concurrency: 1 });
    for (const pragma of LOCAL_PRAGMAS) await client.execute(pragma);
    const db = createDb(client);
    await migrateDb(db);
    await client.execute(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MEMBERS})
      insert into users (id, email, user_name, password_hash, referral_code, created_at, updated_at)
      select i, 'm' || i || '@b.co', 'm' || i, 'x', 'R' || i, 0, 0 from n`);
    await client.execute(`insert into ciclos_bonificacion (id, clave, inicio, fin, estado, iniciado_at, origen)
      values (1, '2026-10', 0, 1, 'LIQUIDADO', 0, 'bench'), (2, '2026-11', 1, 2, 'LIQUIDADO', 0, 'bench')`);
    // 95 % of the members in each cycle (5 % new, 5 % gone), pseudo-random totals.
    for (const [ciclo, skip] of [
      [1, 0],
      [2, 1],
    ])
      await client.execute(`insert into ciclo_bonificacion_user (ciclo_id, user_id, total, bonos, lineas, created_at)
        select ${ciclo}, id, (id * ${ciclo === 1 ? 7919 : 104729}) % 5000000, 0, 1, 0 from users
        where id % 20 <> ${skip} order by id`);
    await client.execute('analyze');
    // The floor: reading both cycles' row counts and totals, nothing joined.
    const floor = await time(5, async () => {
      await client.execute(
        'select ciclo_id, count(*), sum(total) from ciclo_bonificacion_user where ciclo_id in (1, 2) group by ciclo_id',
      );
    });
    const runs = await time(5, async () => {
      await cycleComparison(db, 2, 10);
    });
    const reviewRuns = await time(5, async () => {
      await cycleReview(db, 2);
    });
    const out = await cycleComparison(db, 2, 10);
    printTable(`Comparación con el ciclo anterior (${MEMBERS.toLocaleString('es-CO')} miembros por ciclo)`, [
      ['comparación (mediana de 5)', `${median(runs).toFixed(1)} ms`],
      ['piso: conteo y suma de ambos ciclos', `${median(floor).toFixed(1)} ms`],
      ['razón al piso', (median(runs) / median(floor)).toFixed(2)],
      ['estado de revisión (mediana de 5)', `${median(reviewRuns).toFixed(1)} ms`],
      ['miembros actual / anterior', `${out.ciclo.miembros} / ${out.anterior?.miembros}`],
      ['nuevos / salientes', `${out.nuevos} / ${out.salientes}`],
      ['mayor cambio', `${out.cambios[0]?.user_name} ${out.cambios[0]?.cambio}`],
    ]);
    client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
