import { QueueList } from '@/features/review/queue-list';
import { PROFILE_QUEUE } from '@/features/review/queue-config';

export default function ProfileQueuePage() {
  return <QueueList config={PROFILE_QUEUE} />;
}
