export * from './geo';
export * from './platform';
