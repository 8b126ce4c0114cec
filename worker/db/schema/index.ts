export * from './geo';
export * from './lookups';
export * from './platform';
export * from './profile';
export * from './shop';
export * from './bonus';
export * from './help';
export * from './two-factor';
