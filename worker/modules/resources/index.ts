// The resources module's door: the generic lookup-table API and what other modules use of it:
// reference checks, the registry's Drizzle tables, Excel cells and the reference-data seed
// (docs/decisions/0047-module-doors.md).
export { cellOf } from './export';
export { seedReferenceData } from './reference-seed';
export { missingRefs } from './refs';
export { type BulkApp, type ResourceApp, type ResourceImagesApp, mountResources } from './routes';
export { columnOf, tableOf } from './tables';
export { auditedOf, restorableFields, restoreRow } from './service';
export { IMPORT_MAX_BYTES, importRows } from './import-file';
