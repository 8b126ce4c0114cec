// One queue item with the list's query, and where to go once it has been decided.
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { QueueConfig } from '@/features/review/queue-config';
import type { QueuePosition } from '@/features/review/queue-nav';
import { keyOf, useRead } from '@/lib/query';
import { getQueueItem } from '@/features/review/review-api';

export function useQueueItem<T>(config: QueueConfig) {
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  // The queue handlers share one factory whose detail differs per queue: the page names its shape.
  const state = useRead(
    keyOf(`${config.endpoint}/${id}`, search),
    async (signal) =>
      (await getQueueItem(config, id ?? '', search, signal)).data as T & { queue: QueuePosition },
  );
  const { reload } = state;
  const queue = state.status === 'ready' ? state.data.queue : null;
  /** A decided item leaves the filtered queue: open the next one, or the list when it was the last. */
  const afterDecision = useCallback(() => {
    navigate(queue?.next_id ? `${config.route}/view/${queue.next_id}${search}` : `${config.route}${search}`);
  }, [navigate, queue, config.route, search]);
  return { id: Number(id), search, state, reload, queue, afterDecision };
}
