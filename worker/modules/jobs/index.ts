// The scheduled-jobs module's door (docs/decisions/0047-module-doors.md).
export { runScheduled } from './scheduled';
export { startScheduler } from './scheduler';
export { CRON_TRIGGERS, JOBS, type JobDef } from './registry';
export { BACKUP_JOB, type BackupSummary } from './backup';
