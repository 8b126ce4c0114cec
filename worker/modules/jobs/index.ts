// The scheduled-jobs module's door (docs/decisions/0047-module-doors.md).
export { runScheduled } from './scheduled';
export { startScheduler } from './scheduler';
