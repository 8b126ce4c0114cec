// /api/v1/auth/account (worker/modules/auth/account.ts, two-factor-routes.ts) through the typed client.
import { client, ok, withSignal } from '@/lib/client';

const account = client.auth.account;

export const getAccount = (signal?: AbortSignal) => ok(account.$get(undefined, withSignal(signal)));
export type Account = Awaited<ReturnType<typeof getAccount>>['data'];
export type AccountSession = Account['sesiones'][number];
export const closeOtherSessions = () => ok(account['cerrar-otras'].$post());

export const getTwoFactor = (signal?: AbortSignal) => ok(account['2fa'].$get(undefined, withSignal(signal)));
export const startTwoFactor = () => ok(account['2fa'].setup.$post());
export const enableTwoFactor = (code: string) => ok(account['2fa'].enable.$post({ json: { code } }));
export const disableTwoFactor = (password: string) =>
  ok(account['2fa'].disable.$post({ json: { password } }));
