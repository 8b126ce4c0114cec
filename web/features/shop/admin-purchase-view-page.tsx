import { Navigate, useParams } from 'react-router';
import { PurchaseView } from '@/features/shop/purchase-view';

/** /app/administracion/compras/view/{id}: any purchase, with the 'Estados' menu. */
export default function AdminPurchaseViewPage() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Navigate to="/404" replace />;
  return <PurchaseView key={id} id={id} admin backTo="/app/administracion/compras" />;
}
