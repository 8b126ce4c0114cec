import { QueueList } from '@/features/review/queue-list';
import { IDENTITY_QUEUE } from '@/features/review/queue-config';

export default function IdentityQueuePage() {
  return <QueueList config={IDENTITY_QUEUE} />;
}
