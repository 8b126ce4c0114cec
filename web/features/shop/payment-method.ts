// How a purchase was paid, as far as it is known (decision 0245): the collection account the
// member declared with his receipt, and the last gateway transaction seen for it.
import type { Purchase } from '@/features/shop/shop-api';

type Declared = NonNullable<Purchase['pago_declarado']>;
type Gateway = NonNullable<Purchase['pasarela']>;

/** 'Bancolombia ahorros (Transferencia bancaria)'; the method alone when the account bears its name. */
export const declaredAccountLabel = (d: Pick<Declared, 'cuenta' | 'metodo'>) =>
  d.cuenta === d.metodo ? d.cuenta : `${d.cuenta} (${d.metodo})`;

/** 'Wompi · NEQUI · RECHAZADA': the provider, the method the gateway named, what the webhook did. */
export const gatewayLabel = (g: Pick<Gateway, 'proveedor' | 'metodo' | 'resultado'>) =>
  [g.proveedor.charAt(0).toUpperCase() + g.proveedor.slice(1), g.metodo, g.resultado]
    .filter(Boolean)
    .join(' · ');
