/**
 * The embedded database's settings on Node: WAL with normal syncs (durable against crashes,
 * standard for WAL), a wait instead of SQLITE_BUSY, and a page cache big enough for the
 * settlement's index writes (Turso manages its own).
 */
export const LOCAL_PRAGMAS = [
  'PRAGMA journal_mode = WAL',
  'PRAGMA synchronous = NORMAL',
  'PRAGMA busy_timeout = 5000',
  'PRAGMA cache_size = -262144',
  'PRAGMA temp_store = MEMORY',
];
