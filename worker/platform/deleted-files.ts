// Files a member removed or replaced (gallery images, identity documents) are kept for a grace
// period instead of being deleted at once, so "Restaurar estos campos" can bring them back
// (decision 0255). A revision names a file by its blob key; a restore is possible only while the
// blob is still in storage. The daily cron deletes blobs past the grace period.
import { and, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { appMeta, deletedFiles } from '../db/schema';
import type { Db } from './db';
import { conflict } from './errors';
import type { BlobMeta, BlobStore } from './ports';
import { retentionDays } from './audit/revisions';

/** The grace period (whole days) is a setting in `app_meta`; absent: 30 days. */
export const DELETED_FILES_KEY = 'archivos_borrados_dias';
export const DEFAULT_DELETED_FILES_DAYS = 30;

/** Days a removed file is kept: the setting, never longer than the activity retention. */
export async function deletedFilesDays(db: Db): Promise<number> {
  const row = await db
    .select()
    .from(appMeta)
    .where(sql`${appMeta.key} = ${DELETED_FILES_KEY}`)
    .get();
  const days = Number(row?.value);
  const setting = Number.isInteger(days) && days > 0 ? days : DEFAULT_DELETED_FILES_DAYS;
  return Math.min(setting, await retentionDays(db));
}

/**
 * A statement that puts blobs in the bin: a list of keys, or a subquery selecting one key per row
 * as a column named `k` (the rows about to be deleted, so it goes before their DELETE).
 */
export function binFiles(db: Db, keys: string[] | SQL, at: number) {
  const source = Array.isArray(keys) ? sql`select value as k from json_each(${JSON.stringify(keys)})` : keys;
  return db.run(
    sql`insert into ${deletedFiles} (blob_key, deleted_at) select s.k, ${at} from (${source}) s
      where s.k is not null on conflict (blob_key) do update set deleted_at = excluded.deleted_at`,
  );
}

/** A statement that takes restored files out of the bin (they are in use again). */
export const unbinFiles = (db: Db, keys: string[]) =>
  db.delete(deletedFiles).where(inArray(deletedFiles.blobKey, keys.length ? keys : ['']));

/** The stored metadata of a blob, or null when it is gone; the body is not read. */
export async function fileStillThere(blobs: BlobStore, key: string): Promise<BlobMeta | null> {
  const found = await blobs.get(key);
  if (!found) return null;
  await found.body.cancel().catch(() => undefined);
  return { contentType: found.contentType, fileName: found.fileName, size: found.size };
}

/** Why a file cannot come back, in the words the history panel shows. */
export const fileGone = (what: string, days: number) =>
  `No se puede restaurar ${what}: el archivo ya no existe (los archivos borrados se conservan ${days} días).`;

/**
 * Deletes the blobs of files binned longer ago than the grace period, at most `limit` per call (a
 * bounded step of the daily cron); a file restored meanwhile left the bin and stays. Returns how
 * many went.
 */
export async function purgeDeletedFiles(db: Db, blobs: BlobStore, now: number, limit = 500): Promise<number> {
  const cutoff = now - (await deletedFilesDays(db)) * 86_400_000;
  const due = await db
    .select({ key: deletedFiles.blobKey })
    .from(deletedFiles)
    .where(lt(deletedFiles.deletedAt, cutoff))
    .orderBy(deletedFiles.deletedAt)
    .limit(limit);
  if (!due.length) return 0;
  const keys = due.map((d) => d.key);
  for (const key of keys) await blobs.delete(key);
  await db
    .delete(deletedFiles)
    .where(and(inArray(deletedFiles.blobKey, keys), lt(deletedFiles.deletedAt, cutoff)));
  return keys.length;
}

/** A file of an ordered list (a gallery, an entry's images) as a revision recorded it. */
export type RecordedFile = { id: number; archivo?: string | null };

/**
 * Setting an ordered file list back as a revision left it (decisions 0255 and 0299), for any list:
 * the files deleted since come back from the bin with their ids, each checked to be the owner's
 * (its key starts with `prefix`) and still in storage, else 409 before anything is written. Returns
 * the list's rows for them, built by `row` with the file's place in the revision's order.
 */
export async function filesComingBack<W extends RecordedFile, R>(
  db: Db,
  blobs: BlobStore,
  o: {
    wanted: W[];
    present: Set<number>;
    prefix: string;
    notRecorded: (id: number) => string;
    gone: (id: number, days: number) => string;
    row: (file: W, archivo: string, meta: BlobMeta, orden: number) => R;
  },
): Promise<R[]> {
  const days = await deletedFilesDays(db);
  const back: R[] = [];
  for (const [i, w] of o.wanted.entries()) {
    if (o.present.has(w.id)) continue;
    if (!w.archivo?.startsWith(o.prefix)) throw conflict(o.notRecorded(w.id));
    const meta = await fileStillThere(blobs, w.archivo);
    if (!meta) throw conflict(o.gone(w.id, days));
    back.push(o.row(w, w.archivo, meta, i));
  }
  return back;
}

/**
 * The statements that set an ordered file list as a revision left it, after filesComingBack: the
 * owner's rows the revision does not name go to the bin and leave the list, the ones coming back
 * are inserted and leave the bin, and the ones still there take the revision's place (`place`).
 */
export function restoreFileList<W extends RecordedFile, R extends { blobKey: string }>(
  db: Db,
  o: {
    list: { table: SQLiteTable; id: SQLiteColumn; blobKey: SQLiteColumn; mine: SQL | undefined };
    wanted: W[];
    present: Set<number>;
    back: R[];
    at: number;
    insert: (rows: R[]) => BatchItem<'sqlite'>;
    place: (file: W, orden: number) => BatchItem<'sqlite'>;
  },
): BatchItem<'sqlite'>[] {
  const { table, id, blobKey, mine } = o.list;
  const keep = o.wanted.map((w) => w.id);
  const leaving = and(mine, keep.length ? notInArray(id, keep) : undefined);
  return [
    binFiles(db, sql`select ${blobKey} as k from ${table} where ${leaving}`, o.at),
    db.delete(table).where(leaving),
    ...(o.back.length
      ? [
          o.insert(o.back),
          unbinFiles(
            db,
            o.back.map((b) => b.blobKey),
          ),
        ]
      : []),
    ...o.wanted.filter((w) => o.present.has(w.id)).map((w) => o.place(w, o.wanted.indexOf(w))),
  ];
}
