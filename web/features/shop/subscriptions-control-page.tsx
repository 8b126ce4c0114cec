import { SubscriptionsAdmin } from '@/features/shop/subscriptions-admin-page';

export default function SubscriptionsControlPage() {
  return <SubscriptionsAdmin control />;
}
