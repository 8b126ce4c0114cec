// The shop's calls (worker/modules/shop) through the typed client; reply types come from the handlers.
import { client, type JsonBody, ok, withSignal } from '@/lib/client';

export const SHOP_API = '/miscompras';
const shop = client.miscompras;

type Reply<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type Query = Record<string, string>;

export const getCart = (signal?: AbortSignal) => ok(shop.cart.$get(undefined, withSignal(signal)));
export type Cart = Awaited<ReturnType<typeof getCart>>;
export type CartLine = Cart['data'][number];

export const getCatalog = (
  query: { categoria_id?: number; q?: string; page: string; perPage: string },
  signal?: AbortSignal,
) => ok(shop.catalogo.$get({ query }, withSignal(signal)));
export type CatalogProduct = Awaited<ReturnType<typeof getCatalog>>['data'][number];
export const getOffers = (signal?: AbortSignal) =>
  ok(shop.catalogo.suscripciones.$get(undefined, withSignal(signal)));
export type SubscriptionOffer = Awaited<ReturnType<typeof getOffers>>['data'][number];
export const getCategories = (signal?: AbortSignal) =>
  ok(shop.catalogo.categorias.$get(undefined, withSignal(signal)));

const own = shop.compras[':id{[0-9]+}'];
const admin = shop.admin.compras[':id{[0-9]+}'];
export const getPurchase = (id: string, isAdmin: boolean, signal?: AbortSignal) =>
  isAdmin
    ? ok(admin.$get({ param: { id } }, withSignal(signal)))
    : ok(own.$get({ param: { id } }, withSignal(signal)));
export type Purchase = Reply<typeof getPurchase>['data'];
export const getPurchaseHistory = (id: string, isAdmin: boolean, signal?: AbortSignal) =>
  isAdmin
    ? ok(admin.historial.$get({ param: { id } }, withSignal(signal)))
    : ok(own.historial.$get({ param: { id } }, withSignal(signal)));
export type HistoryEntry = Reply<typeof getPurchaseHistory>['data'][number];
export const getAttachments = (id: string, isAdmin: boolean, signal?: AbortSignal) =>
  isAdmin
    ? ok(admin.adjuntos.$get({ param: { id } }, withSignal(signal)))
    : ok(own.adjuntos.$get({ param: { id } }, withSignal(signal)));
export type Attachment = Reply<typeof getAttachments>['data'][number];
export const getPaymentInstructions = (id: string, signal?: AbortSignal) =>
  ok(own.pago.$get({ param: { id } }, withSignal(signal)));
export type PaymentInstructions = Reply<typeof getPaymentInstructions>;
export type CollectionAccount = PaymentInstructions['cuentas'][number];

// The reconciliation queue (decision 0130).
const queue = shop.admin.conciliacion;
export const RECONCILIATION_API = `${SHOP_API}/admin/conciliacion`;
export const listReconciliation = (query: Query, signal?: AbortSignal) =>
  ok(queue.$get({ query }, withSignal(signal)));
export type ReconciliationRow = Reply<typeof listReconciliation>['data'][number];
/** The `metodo` filter's options (decision 0245): the accounts' payment methods, the gateway, none. */
export const getReconciliationMethods = (signal?: AbortSignal) =>
  ok(queue.metodos.$get(undefined, withSignal(signal)));
export const getReconciliationItem = (id: string, search: string, signal?: AbortSignal) => {
  // The handler reads the list's filters itself (no query validator), so hc does not type them.
  const args = { param: { id }, query: Object.fromEntries(new URLSearchParams(search)) };
  return ok(queue[':id{[0-9]+}'].$get(args, withSignal(signal)));
};
export type ReconciliationItem = Reply<typeof getReconciliationItem>['data'];
export const confirmPayment = (id: number, comentario: string | null) =>
  ok(queue[':id{[0-9]+}'].confirmar.$put({ param: { id: String(id) }, json: { comentario } }));
export const rejectPayment = (id: number, motivo: string) =>
  ok(queue[':id{[0-9]+}'].rechazar.$put({ param: { id: String(id) }, json: { motivo } }));

export const changeLine = (lineId: number, qty: number) =>
  ok(shop.cart[':id{[0-9]+}'].$put({ param: { id: String(lineId) }, json: { qty } }));
export const removeLine = (lineId: number) =>
  ok(shop.cart[':id{[0-9]+}'].$delete({ param: { id: String(lineId) } }));
export const checkout = (body: { total_items: number; total: number }) =>
  ok(shop.compras.$post({ json: body }));
export const addLine = (item: { producto_id: number } | { tipo_suscripcion_id: number }) =>
  ok(shop.cart.$post({ json: { producto_id: null, tipo_suscripcion_id: null, ...item, qty: 1 } }));

// The grids' lists (ServerGrid): the query is the grid's URL state; the rows are the handlers'.
export const listOwnPurchases = (query: Query, signal?: AbortSignal) =>
  ok(shop.compras.$get({ query }, withSignal(signal)));
export const listOwnSubscriptions = (query: Query, signal?: AbortSignal) =>
  ok(shop.suscripciones.$get({ query }, withSignal(signal)));
export const listPurchases = (query: Query, signal?: AbortSignal) =>
  ok(shop.admin.compras.$get({ query }, withSignal(signal)));
export const listSubscriptions = (query: Query, signal?: AbortSignal) =>
  ok(shop.admin.suscripciones.$get({ query }, withSignal(signal)));
export type PurchaseRow = Reply<typeof listPurchases>['data'][number];
export type SubscriptionRow = Reply<typeof listSubscriptions>['data'][number];

/** Annul a paid purchase with a required reason (its own permission; decision 0240). */
export const annulPurchase = (id: number, motivo: string) =>
  ok(admin.anular.$post({ param: { id: String(id) }, json: { motivo } }));

// An administrator's state change of a purchase or a subscription (PUT …/estado/:id).
const purchaseState = shop.admin.compras.estado[':id{[0-9]+}'];
const subscriptionState = shop.admin.suscripciones.estado[':id{[0-9]+}'];
export const setPurchaseState = (id: number, json: JsonBody<typeof purchaseState.$put>) =>
  ok(purchaseState.$put({ param: { id: String(id) }, json }));
export const setSubscriptionState = (id: number, json: JsonBody<typeof subscriptionState.$put>) =>
  ok(subscriptionState.$put({ param: { id: String(id) }, json }));
// "Pagar en línea": whether a payment gateway is configured, and the signed checkout URL.
const gateway = client.pasarela;
export const getGateway = (signal?: AbortSignal) => ok(gateway.$get(undefined, withSignal(signal)));
export const startOnlinePayment = (purchaseId: number) =>
  ok(gateway.compras[':id{[0-9]+}'].$post({ param: { id: String(purchaseId) } }));

/** The purchase's electronic invoice and credit note (worker/modules/invoicing). */
export const getInvoice = (id: string, signal?: AbortSignal) =>
  ok(shop.compras[':id{[0-9]+}'].factura.$get({ param: { id } }, withSignal(signal)));
export type Invoice = Awaited<ReturnType<typeof getInvoice>>['data'];
// The right of withdrawal (worker/modules/tax-withholding, decision 0449).
const withdrawal = client.miscompras.compras[':id{[0-9]+}'].retracto;
export const getWithdrawal = (id: number, signal?: AbortSignal) =>
  ok(withdrawal.$get({ param: { id: String(id) } }, withSignal(signal)));
export type Withdrawal = Reply<typeof getWithdrawal>['data'];
export const requestWithdrawal = (id: number, motivo: string) =>
  ok(withdrawal.$post({ param: { id: String(id) }, json: { motivo } }));
