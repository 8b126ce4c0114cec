import { sql } from 'drizzle-orm';
import type { Ports } from '../../platform/ports';

export type ScheduledResult = { cron: string; scheduledTime: string; tasks: string[] };

/**
 * What the cron triggers do (wrangler.toml: `0 5 1 * *` and a daily catch-up). Both runtimes
 * call this with the event's scheduled time, never a second clock read (BONUS-RULES.md).
 * The bonus settlement joins here with the referrals issue; until then the job only checks
 * that the database answers, so a broken trigger shows in the logs.
 */
export async function runScheduled(ports: Pick<Ports, 'db'>, cron: string, scheduledTime: number): Promise<ScheduledResult> {
  const tasks: string[] = [];
  await ports.db.run(sql`select 1`);
  tasks.push('ping');
  return { cron, scheduledTime: new Date(scheduledTime).toISOString(), tasks };
}
