import { QueueList } from '@/features/review/queue-list';
import { PUBLICATION_QUEUE } from '@/features/review/queue-config';

export default function PublicationQueuePage() {
  return <QueueList config={PUBLICATION_QUEUE} />;
}
