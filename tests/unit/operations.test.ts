// Pieces of operations that are plain functions (docs/decisions/0350, 0354, 0355): the cron
// triggers the job registry names are wrangler.toml's, the next run of a cron expression, which
// backups retention keeps, and the scrubbing of what leaves in a log line or an error report.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { retained } from '../../worker/modules/jobs/backup';
import { CRON_TRIGGERS, JOBS } from '../../worker/modules/jobs/registry';
import { nextCronTime } from '../../worker/platform/ops/cron';
import { STATUS_PATH } from '../../worker/platform/ops/alerts';
import { scrubText } from '../../worker/platform/ops/scrub';

describe('cron', () => {
  it('runs each job on triggers wrangler.toml declares', () => {
    const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');
    const crons = JSON.parse(/^crons = (\[.*\])$/m.exec(toml)![1]!);
    expect(crons).toEqual([...CRON_TRIGGERS]);
    for (const job of JOBS) for (const c of job.crons) expect(crons).toContain(c);
  });

  it('finds the next run of the monthly and the daily trigger', () => {
    const at = Date.UTC(2026, 10, 15, 15, 0);
    expect(new Date(nextCronTime('0 5 1 * *', at)).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(new Date(nextCronTime('10 5 * * *', at)).toISOString()).toBe('2026-11-16T05:10:00.000Z');
    expect(new Date(nextCronTime('10 5 * * *', Date.UTC(2026, 10, 16, 5, 10))).toISOString()).toBe(
      '2026-11-17T05:10:00.000Z',
    );
    expect(new Date(nextCronTime('*/15 * * * 1', Date.UTC(2026, 10, 15, 23, 50))).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
    expect(() => nextCronTime('61 * * * *', at)).toThrow();
  });

  it('points alert mails at the status screen the menu declares', () => {
    const screens = readFileSync(new URL('../../web/routing/screens.ts', import.meta.url), 'utf8');
    expect(screens).toContain(`path: '${STATUS_PATH}'`);
  });
});

describe('backup retention', () => {
  it('keeps the 7 newest backups and the first of each of the last 12 months', () => {
    const days: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t <= Date.UTC(2026, 11, 15); t += 86_400_000)
      days.push(new Date(t).toISOString().slice(0, 10));
    const keep = [...retained(days)].sort();
    expect(keep.filter((d) => d >= '2026-12-09')).toEqual([
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
      '2026-12-14',
      '2026-12-15',
    ]);
    const monthly = keep.filter((d) => d < '2026-12-09');
    expect(monthly).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
    ]);
  });
});

describe('scrubbing (SECURITY row 18)', () => {
  it('removes e-mails, tokens, documents, phones and secret-named values from text', () => {
    const text = scrubText(
      'Failed query: insert into users values (?, ?) params: ana@example.co,1020304050\n' +
        'correo ana.perez@empresa.com.co cc 1.020.304.050 cel +57 300 123 4567 Bearer abcdefghijklmnop ' +
        'token=9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddccbbaa password: "Secreta-123" ' +
        'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ',
    );
    for (const secret of [
      'ana@example.co',
      'ana.perez',
      '1020304050',
      '1.020.304.050',
      '300 123 4567',
      'abcdefghijklmnop',
      '9f8e7d6c',
      'Secreta-123',
      'eyJhbGci',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('Failed query: insert into users');
    // Stack frames stay readable: a scoped package path is not an e-mail.
    expect(scrubText('at file:///app/node_modules/@vitest/runner/dist/index.js:12:3')).toContain(
      '@vitest/runner',
    );
  });
});
