// The activity module's door: who changed what (docs/decisions/0110-activity-and-revisions.md).
export { activityRoutes, revisionRoutes } from './routes';
