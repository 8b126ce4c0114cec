import { useParams } from 'react-router';
import { PurchaseView } from '@/features/shop/purchase-view';
import { Redirect } from '@/lib/redirect';

/** /app/miscompras/view/{id}: the member's own purchase. */
export default function PurchaseViewPage() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Redirect to="/404" replace />;
  return <PurchaseView key={id} id={id} admin={false} backTo="/app/miscompras?tab=compras" />;
}
