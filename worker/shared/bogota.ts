// America/Bogota is UTC−5 all year (no daylight saving): every date a person sees, every cycle
// and every date filter is in it. Isomorphic.
export const BOGOTA_OFFSET_MS = 5 * 3_600_000;

/** The same instant moved so that its UTC fields read as Bogotá wall-clock time. */
export const bogotaWall = (ms: number) => new Date(ms - BOGOTA_OFFSET_MS);

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in America/Bogota (spec §9): dates in Excel exports and history. */
export function bogotaDateTime(ms: number): string {
  const d = bogotaWall(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The Bogotá calendar date of an instant, YYYY-MM-DD. */
export const bogotaDate = (ms: number): string => bogotaWall(ms).toISOString().slice(0, 10);
