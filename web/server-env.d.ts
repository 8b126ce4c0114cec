// The one Node API the server's renderer uses (web/server-render.tsx); workerd offers it with the
// nodejs_als flag (web/wrangler.toml). The web's tsconfig has no Node types, so it is named here.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, fn: () => R): R;
    getStore(): T | undefined;
  }
}
