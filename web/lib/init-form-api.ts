// The registration form's reference data (GET /auth/initForm), read by the public registration and
// by the member's profile: shared, so it lives here rather than in either feature.
import { client, ok, withSignal } from '@/lib/client';

/** Identification types, education levels, countries, current terms. */
export const getInitForm = (signal?: AbortSignal) =>
  ok(client.auth.initForm.$get(undefined, withSignal(signal)), { quiet: true });
export type RegisterInitForm = Awaited<ReturnType<typeof getInitForm>>;
export type IdentificationType = RegisterInitForm['tiposIdentificacion'][number];
export type Terms = NonNullable<RegisterInitForm['terminos']>;
export type Lookup = RegisterInitForm['paises'][number];
