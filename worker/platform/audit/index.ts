// The audit folder's door (decision 0310): activity, revisions and history rows are written only
// by `runAudited` (or `auditedStatements`, the same statements for a larger batch), here. The
// pieces that build those rows (activity and revision inserts) are not exported: a lint rule
// (eslint.config.js) refuses them, and any hand-written insert into activity or revisions,
// outside this folder.
export * from './export';
export * from './history';
export {
  actorOf,
  BOOKKEEPING_COLUMNS,
  bumpVersion,
  declareLinks,
  DEFAULT_RETENTION_DAYS,
  hasVersion,
  pruneActivity,
  RETENTION_KEY,
  retentionDays,
  SECRET_COLUMNS,
  shortDateTime,
  snapshotColumns,
  sqlName,
  STALE_UNKNOWN,
  staleMessage,
  staleWrite,
  versionBump,
  versionOf,
  versionWhere,
  type Action,
  type Actor,
  type Audited,
  type LinkSet,
} from './revisions';
export * from './user-audit';
export * from './versioned-edit';
export * from './write';
