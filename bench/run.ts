// `npm run bench [-- list|settlement|dashboard|shop|export|edge|web|writes|search|statement|review|payouts|files|backup|privacy|invoicing] [flags]`: prints the figures the
// README records. Not part of the tests. `-- settlement --million` runs 1,000,000 members.
// Each suite is imported only when it runs, so one suite's figures (heap above all) do not carry
// another's modules (Lighthouse, Playwright, Miniflare).
type Suite = (flags: string[]) => Promise<unknown>;
const suites: Record<string, () => Promise<Suite>> = {
  list: async () => (await import('./list-page')).benchListPage,
  settlement: async () => (await import('./settlement')).benchSettlement,
  dashboard: async () => (await import('./dashboard')).benchDashboard,
  shop: async () => (await import('./shop')).benchShop,
  export: async () => (await import('./export')).benchExport,
  edge: async () => (await import('./edge')).benchEdge,
  web: async () => (await import('./web')).benchWeb,
  writes: async () => (await import('./writes')).benchWrites,
  search: async () => (await import('./search')).benchSearch,
  statement: async () => (await import('./statement')).benchStatement,
  review: async () => (await import('./review')).benchReview,
  payouts: async () => (await import('./payouts')).benchPayouts,
  files: async () => (await import('./files')).benchFiles,
  backup: async () => (await import('./backup')).benchBackup,
  privacy: async () => (await import('./privacy')).benchPrivacy,
  invoicing: async () => (await import('./invoicing')).benchInvoicing,
};

const [which, ...flags] = process.argv.slice(2);
for (const [name, load] of Object.entries(suites)) {
  if (which && !which.startsWith('--') && which !== name) continue;
  await (
    await load()
  )(which?.startsWith('--') ? [which, ...flags] : flags);
}
export {};
