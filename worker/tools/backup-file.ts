// The backup file on Node (docs/decisions/0355): `writeBackupFile` reads the whole database in one
// read transaction (a consistent snapshot while the app keeps serving) page by page into a gzip
// file; `readBackupLines` reads a file, or a folder of parts downloaded from R2, line by line.
import type { Client } from '@libsql/client';
import { createReadStream, createWriteStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { backupStep, beginBackup } from '../platform/backup/dump';

export type FileBackupResult = { tables: number; rows: number; requests: number; bytes: number };

export async function writeBackupFile(
  client: Client,
  file: string,
  now = Date.now(),
): Promise<FileBackupResult> {
  const tx = await client.transaction('read');
  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(file);
  const done = pipeline(gzip, out);
  const write = (text: string) =>
    new Promise<void>((ok) => (gzip.write(text) ? ok() : gzip.once('drain', () => ok())));
  let requests = 0;
  try {
    const begun = await beginBackup(tx, now);
    requests += begun.requests;
    await write(`${begun.header}\n`);
    let cursor = begun.cursor;
    for (;;) {
      // One page per step: the file is written as it is read, whatever the database's size.
      const step = await backupStep(tx, cursor, { requests: 1, ms: Infinity });
      requests += step.requests;
      if (step.lines.length) await write(`${step.lines.join('\n')}\n`);
      cursor = step.cursor;
      if (step.done) break;
    }
    gzip.end();
    await done;
    return {
      tables: cursor.tables.length,
      rows: Object.values(cursor.rows).reduce((s, n) => s + n, 0),
      requests,
      bytes: statSync(file).size,
    };
  } finally {
    tx.close();
  }
}

/** The backup's lines: one gzip file, or a folder of parts (`0001.ndjson.gz`, …) in name order. */
export async function* readBackupLines(path: string): AsyncGenerator<string> {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.ndjson.gz'))
        .sort()
        .map((f) => join(path, f))
    : [path];
  const joined = new PassThrough();
  void (async () => {
    try {
      for (const f of files) await pipeline(createReadStream(f), joined, { end: false });
      joined.end();
    } catch (err) {
      joined.destroy(err as Error);
    }
  })();
  // Concatenated gzip members are one gzip stream: Node's gunzip reads them all.
  const lines = createInterface({ input: joined.pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) yield line;
}
