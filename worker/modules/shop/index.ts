// The shop module's door: catalogue, cart, purchases and subscriptions (docs/decisions/0047-module-doors.md).
export { shopRoutes } from './routes';
export { confirmationCost, confirmPurchasePayment, type PaymentConfirmation } from './payment-confirm';
export { PAYMENT_REMINDER_DAYS, remindUnpaidPurchases } from './reminders';
