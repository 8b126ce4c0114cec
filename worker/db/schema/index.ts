export * from './geo';
export * from './lookups';
export * from './platform';
