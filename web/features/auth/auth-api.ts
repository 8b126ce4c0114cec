// The public auth reads the forms share (worker/modules/auth/routes.ts), typed by their handlers.
// No TanStack here: the public pages keep their own light fetching (docs/decisions/0042).
import { client, type JsonBody, ok, withSignal } from '@/lib/client';

export {
  getInitForm,
  type IdentificationType,
  type Lookup,
  type RegisterInitForm,
  type Terms,
} from '@/lib/init-form-api';

const quiet = { quiet: true } as const;
export const getDependent = (path: 'departamentos' | 'ciudades', parentId: string, signal?: AbortSignal) =>
  path === 'departamentos'
    ? ok(client.auth.departamentos.$get({ query: { pais_id: parentId } }, withSignal(signal)), quiet)
    : ok(client.auth.ciudades.$get({ query: { departamento_id: parentId } }, withSignal(signal)), quiet);
export const getReferrer = (code: string, signal?: AbortSignal) =>
  ok(
    client.auth.referral[':code'].$get({ param: { code: encodeURIComponent(code) } }, withSignal(signal)),
    quiet,
  );

export const register = (body: JsonBody<typeof client.auth.register.$post>) =>
  ok(client.auth.register.$post({ json: body }), quiet);
export const verifyEmail = (token: string) => ok(client.auth.verify.$post({ json: { token } }), quiet);
export const resendVerification = (email: string) =>
  ok(client.auth.resendVerificationEmail.$post({ json: { email } }), quiet);
export const requestReset = (body: { email: string }) =>
  ok(client.auth.createResetRequest.$post({ json: body }), quiet);
export const resetPassword = (body: JsonBody<typeof client.auth.resetPassword.$post>) =>
  ok(client.auth.resetPassword.$post({ json: body }), quiet);
