// Issue 6 / 12 figures: 100,000 members in a random tree and 300,000 paid purchases in one month
// (`--million`: 1,000,000 and 3,000,000). Time and peak memory of the settlement run in bounded
// steps (≤ 500 database requests, ≤ 20 s each), its largest step, and its ratio to one aggregate
// SQL query computing the same per-user totals (the floor).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_BUDGET,
  previewCycle,
  previewPage,
  settleCycle,
  type StepResult,
} from '../worker/modules/bonuses/settlement';
import { buildMonth } from './month-data';
import { printTable } from './stats';

export async function benchSettlement(args: string[] = []) {
  const million = args.includes('--million');
  const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (million ? 1_000_000 : 100_000));
  const PURCHASES = Number(process.env.BENCH_PURCHASES ?? (million ? 3_000_000 : 300_000));
  const dir = mkdtempSync(join(tmpdir(), 'bench-bonus-'));
  const tBuild = performance.now();
  const { client, db, start, DAY } = await buildMonth(dir, MEMBERS, PURCHASES);
  const buildMs = performance.now() - tBuild;
  try {
    // The floor is the median of three runs of the aggregate query, one of them after the
    // settlement so a load change on this shared machine weighs on both sides (the first run also
    // warms the cache); with --million one run, summed in the database (its rows are not held).
    const floorRuns: number[] = [];
    let floorTotal = 0;
    let floorUsers = 0;
    const floor = async () => {
      const t = performance.now();
      if (million) {
        const head = await previewPage(db, '2026-11', 1, 10);
        [floorTotal, floorUsers] = [head.suma, head.total];
      } else {
        const rows = await previewCycle(db, '2026-11');
        [floorTotal, floorUsers] = [rows.reduce((a, r) => a + r.total, 0), rows.length];
      }
      floorRuns.push(performance.now() - t);
    };
    await floor();
    if (!million) await floor();

    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const rssBefore = process.memoryUsage().rss;
    const steps: StepResult[] = [];
    const t0 = performance.now();
    const result = await settleCycle(db, '2026-11', {
      now: start + 31 * DAY,
      origen: 'bench',
      chunk: Number(process.env.BENCH_CHUNK ?? 500),
      budget: DEFAULT_BUDGET,
      onStep: (s) => steps.push(s),
    });
    const settleMs = performance.now() - t0;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (!million) await floor();
    const floorMs = [...floorRuns].sort((a, b) => a - b)[Math.floor(floorRuns.length / 2)]!;

    if (floorTotal !== result.total || floorUsers !== result.usuarios)
      throw new Error(
        `settlement ${result.total}/${result.usuarios} differs from the floor ${floorTotal}/${floorUsers}`,
      );
    const largestReq = steps.reduce((a, s) => Math.max(a, s.requests), 0);
    const largestMs = steps.reduce((a, s) => Math.max(a, s.ms), 0);
    const figures = {
      members: MEMBERS,
      purchases: PURCHASES,
      lines: result.lineas,
      beneficiaries: result.usuarios,
      settleMs,
      floorMs,
      ratio: settleMs / floorMs,
      steps: steps.length,
      largestReq,
      largestMs,
      peakRssMb: peak / 2 ** 20,
      rssGrowthMb: Math.max(0, peak - rssBefore) / 2 ** 20,
    };
    printTable(
      `Settlement of one month: ${MEMBERS.toLocaleString('en-US')} members, ${PURCHASES.toLocaleString('en-US')} paid purchases`,
      [
        ['data built in', `${(buildMs / 1000).toFixed(1)} s`],
        [
          `settlement (chunks of 500 beneficiaries, steps of ≤ ${DEFAULT_BUDGET.requests} requests / ${DEFAULT_BUDGET.ms / 1000} s)`,
          `${(settleMs / 1000).toFixed(2)} s`,
        ],
        [
          `floor: one aggregate SQL query${million ? '' : ' (median of 3, one after the run)'}`,
          `${(floorMs / 1000).toFixed(2)} s`,
        ],
        ['ratio settlement / floor', figures.ratio.toFixed(2)],
        ['bounded steps (invocations)', String(steps.length)],
        ['largest invocation', `${largestReq} database requests, ${largestMs.toFixed(0)} ms`],
        ['lines written', result.lineas.toLocaleString('en-US')],
        ['beneficiaries', result.usuarios.toLocaleString('en-US')],
        [
          'peak RSS (process)',
          `${figures.peakRssMb.toFixed(0)} MB (+${figures.rssGrowthMb.toFixed(0)} MB during the run)`,
        ],
      ],
    );
    console.log(`largest invocation: ${largestReq} database requests, ${largestMs.toFixed(0)} ms`);
    return figures;
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
