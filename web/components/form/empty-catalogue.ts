import { emptyCatalogueMessage } from '@shared/first-run';
import type { LookupState } from '@/lib/lookups';

/**
 * The hint of a select whose catalogue has no active row: tells the member to contact the
 * administrator instead of leaving an empty list (issue 15 §3). Undefined while loading.
 */
export const emptyHint = (state: LookupState, label: string, enabled = true): string | undefined =>
  enabled && !state.loading && !state.error && state.options.length === 0
    ? emptyCatalogueMessage(label)
    : undefined;
