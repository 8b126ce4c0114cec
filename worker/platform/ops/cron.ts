// The next time a cron expression fires (five fields, UTC, as Cloudflare's Cron Triggers read
// them): the status screen's "next run" and the Node scheduler use it.

type Field = Set<number>;

function field(text: string, min: number, max: number): Field {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/') as [string, string | undefined];
    const step = stepText ? Number(stepText) : 1;
    let [lo, hi] = [min, max];
    if (range !== '*') {
      const [a, b] = range.split('-');
      lo = Number(a);
      hi = b !== undefined ? Number(b) : stepText ? max : lo;
    }
    if (![lo, hi, step].every(Number.isInteger) || lo < min || hi > max || step < 1)
      throw new Error(`Expresión cron inválida: ${text}`);
    for (let v = lo; v <= hi; v += step) out.add(v === 7 && max === 7 ? 0 : v);
  }
  return out;
}

export function parseCron(expr: string) {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Expresión cron inválida: ${expr}`);
  const [m, h, dom, mon, dow] = parts as [string, string, string, string, string];
  return {
    minutes: field(m, 0, 59),
    hours: field(h, 0, 23),
    days: field(dom, 1, 31),
    months: field(mon, 1, 12),
    weekdays: field(dow, 0, 7),
    anyDay: dom === '*',
    anyWeekday: dow === '*',
  };
}

/** The first instant strictly after `after` (ms) at which `expr` fires. */
export function nextCronTime(expr: string, after: number): number {
  const c = parseCron(expr);
  const t = new Date(Math.floor(after / 60_000) * 60_000 + 60_000);
  for (let guard = 0; guard < 100_000; guard++) {
    if (!c.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    const domOk = c.days.has(t.getUTCDate());
    const dowOk = c.weekdays.has(t.getUTCDay());
    // Both restricted: either matches (cron's rule); one restricted: that one.
    const dayOk = c.anyDay && c.anyWeekday ? true : c.anyDay ? dowOk : c.anyWeekday ? domOk : domOk || dowOk;
    if (!dayOk) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!c.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (!c.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      continue;
    }
    return t.getTime();
  }
  throw new Error(`La expresión cron no se cumple: ${expr}`);
}
