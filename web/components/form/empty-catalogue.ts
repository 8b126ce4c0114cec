import { emptyCatalogueMessage } from '@shared/first-run';
import type { Lookup } from '@/lib/lookups';
import type { Read } from '@/lib/query';

/**
 * The hint of a select whose catalogue has no active row: tells the member to contact the
 * administrator instead of leaving an empty list. Undefined while loading.
 */
export const emptyHint = (state: Read<Lookup[]>, label: string, enabled = true): string | undefined =>
  enabled && state.status === 'ready' && state.data.length === 0 ? emptyCatalogueMessage(label) : undefined;
