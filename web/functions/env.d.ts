// The renderer the build writes (`vite build --ssr server-render.tsx`, web/dist-server), typed by
// its source's signature for the Pages Function that imports it.
declare module '*/dist-server/server-render.js' {
  export const renderDocument: import('../../worker/platform/served-documents').RenderDocument;
}
