import type { Ports } from '../../platform/ports';
import { runScheduled } from './scheduled';

/** The Node stand-in for Cron Triggers: the daily catch-up at 05:10 UTC (00:10 in Bogotá). */
export function startScheduler(ports: Ports): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const now = ports.clock.now();
    const at = new Date(now);
    at.setUTCHours(5, 10, 0, 0);
    if (at.getTime() <= now) at.setUTCDate(at.getUTCDate() + 1);
    timer = setTimeout(async () => {
      try {
        await runScheduled(ports, '10 5 * * *', at.getTime());
      } catch (err) {
        console.error('La tarea programada falló', err);
      }
      next();
    }, at.getTime() - now);
    timer.unref?.();
  };
  next();
  return () => clearTimeout(timer);
}
