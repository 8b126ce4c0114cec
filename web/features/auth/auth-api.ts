// The public auth reads the forms share (worker/modules/auth/routes.ts), typed by their handlers.
// No TanStack here: the public pages keep their own light fetching (docs/decisions/0042).
import { client, ok, withSignal } from '@/lib/client';

/** Identification types, education levels, countries, current terms. */
export const getInitForm = (signal?: AbortSignal) => ok(client.auth.initForm.$get(undefined, withSignal(signal)), { quiet: true });
export type RegisterInitForm = Awaited<ReturnType<typeof getInitForm>>;
export type IdentificationType = RegisterInitForm['tiposIdentificacion'][number];
export type Terms = NonNullable<RegisterInitForm['terminos']>;
