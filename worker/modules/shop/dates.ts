// Subscription periods are counted in Bogotá calendar months (UTC−5, no daylight saving).
import { BOGOTA_OFFSET_MS } from '../../shared/bogota';

/** `ms` plus `months` calendar months; a day past the target month's end clamps to its last day. */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms - BOGOTA_OFFSET_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const wall = Date.UTC(
    y,
    m,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
  return wall + BOGOTA_OFFSET_MS;
}
