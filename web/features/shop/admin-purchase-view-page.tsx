import { useParams } from 'react-router';
import { PurchaseView } from '@/features/shop/purchase-view';
import { Redirect } from '@/lib/redirect';

/** /app/administracion/compras/view/{id}: any purchase, with the 'Estados' menu. */
export default function AdminPurchaseViewPage() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Redirect to="/404" replace />;
  return <PurchaseView key={id} id={id} admin backTo="/app/administracion/compras" />;
}
