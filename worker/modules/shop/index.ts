// The shop module's door: catalogue, cart, purchases and subscriptions (docs/decisions/0047-module-doors.md).
export { shopRoutes } from './routes';
export { annulPurchase, confirmationCost, confirmPayment, type PaymentConfirmation } from './payment';
export { PAYMENT_REMINDER_DAYS, remindUnpaidPurchases } from './reminders';
