// Shapes the shop API answers with (worker/modules/shop). Money is integer COP cents.
export type CartLine = {
  id: number;
  tipo: 'producto' | 'suscripcion';
  codigo: string;
  nombre: string;
  quantity: number;
  precio: number;
  subtotal: number;
  disponible: boolean;
  thumbnail: string | null;
};
export type Cart = { data: CartLine[]; total_items: number; total: number };

export type CatalogProduct = { id: number; codigo: string; nombre: string; descripcion: string | null; precio: number; categoria: string; thumbnail: string | null };
export type SubscriptionOffer = { id: number; nombre: string; descripcion: string | null; precio: number; duracion_meses: number };

export type PurchaseLine = { id: number; codigo: string; nombre: string; cantidad: number; precio: number; subtotal: number; tipo: 'producto' | 'suscripcion' };
export type PurchaseSubscription = { id: number; tipo: string; estado: string; fecha_inicio: number | null; fecha_fin: number | null };
export type Purchase = {
  id: number;
  user_name: string;
  email: string;
  total_items: number;
  total: number;
  estado: string;
  pagado_at: number | null;
  created_at: number;
  adjuntos: number;
  lineas: PurchaseLine[];
  suscripciones: PurchaseSubscription[];
};

export type Attachment = { id: number; tipo: string; tipo_label: string; file_name: string; size: number; created_at: number; created_by: string | null; url: string };
export type HistoryEntry = { id: number; from_state: string | null; to_state: string; comentario: string | null; user_name: string | null; created_at: number };

export const SHOP_API = '/miscompras';
