import { nextCronTime } from '../../platform/ops/cron';
import type { Ports } from '../../platform/ports';
import { CRON_TRIGGERS } from './registry';
import { runScheduled } from './scheduled';

/** The Node stand-in for Cron Triggers: fires each trigger of wrangler.toml at its time (UTC). */
export function startScheduler(ports: Ports): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const now = ports.clock.now();
    const [at, cron] = CRON_TRIGGERS.map((c) => [nextCronTime(c, now), c] as const).sort(
      (a, b) => a[0] - b[0],
    )[0]!;
    const wait = at - now;
    const MAX = 2 ** 31 - 1;
    timer = setTimeout(
      async () => {
        // A month away is past what setTimeout can wait: wake up and plan again.
        if (wait > MAX) return next();
        try {
          await runScheduled(ports, cron, at);
        } catch (err) {
          console.error('La tarea programada falló', err);
        }
        next();
      },
      Math.min(wait, MAX),
    );
    (timer as { unref?: () => void }).unref?.();
  };
  next();
  return () => clearTimeout(timer);
}
