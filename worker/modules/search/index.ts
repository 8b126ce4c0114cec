// The search module's door: the global search route (docs/decisions/0151-global-search.md).
export { searchRoutes } from './routes';
