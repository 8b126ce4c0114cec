// One queue item with the list's query, and where to go once it has been decided.
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { QueueConfig } from '@/features/review/queue-config';
import type { QueuePosition } from '@/components/queue/queue-nav';
import type { QueueLease } from '@/features/review/lease-note';
import { keyOf, useRead } from '@/lib/query';
import { getQueueItem, takeNextItem } from '@/features/review/review-api';

export function useQueueItem<T>(config: QueueConfig) {
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  // The queue handlers share one factory whose detail differs per queue: the page names its shape.
  const state = useRead(
    keyOf(`${config.endpoint}/${id}`, search),
    async (signal) =>
      (await getQueueItem(config, id ?? '', search, signal)).data as T & {
        queue: QueuePosition;
        lease?: QueueLease;
      },
  );
  const { reload } = state;
  const queue = state.status === 'ready' ? state.data.queue : null;
  /**
   * A decided item leaves the filtered queue (the pending one when the item was opened by its
   * plain URL): open the next one no other reviewer holds (taken for this reviewer by the server,
   * decision 0121), or the list when none is left. Should the server hand back this very item,
   * it is read again, so the screen never keeps the state it had before the decision.
   */
  const afterDecision = useCallback(async () => {
    const fallback = queue?.next_id ?? null;
    const next = await takeNextItem(config, search).then(
      (taken) => taken?.id ?? null,
      () => fallback,
    );
    if (next !== null && String(next) === id) reload();
    else navigate(next ? `${config.route}/view/${next}${search}` : `${config.route}${search}`);
  }, [navigate, reload, queue, config, search, id]);
  return { id: Number(id), search, state, reload, queue, afterDecision };
}
