// The `cloudflare:workers` module as workerd provides it, typed from @cloudflare/workers-types
// (whose module form exports it as a namespace rather than declaring the module).
declare module 'cloudflare:workers' {
  import type { CloudflareWorkersModule } from '@cloudflare/workers-types';
  export const WorkflowEntrypoint: typeof CloudflareWorkersModule.WorkflowEntrypoint;
  export type WorkflowEntrypoint<Env = unknown, T = unknown> = CloudflareWorkersModule.WorkflowEntrypoint<
    Env,
    T
  >;
  export type WorkflowEvent<T> = CloudflareWorkersModule.WorkflowEvent<T>;
  export type WorkflowStep = CloudflareWorkersModule.WorkflowStep;
}
