// The registration form's reference data (GET /auth/initForm), read by the public registration and
// by the member's profile: shared, so it lives here rather than in either feature.
import { client, ok, withSignal } from '@/lib/client';
import { keyOf, STALE, useRead } from '@/lib/query';

/** Identification types, education levels, countries, current terms. */
export const getInitForm = (signal?: AbortSignal) =>
  ok(client.auth.initForm.$get(undefined, withSignal(signal)), { quiet: true });
export type RegisterInitForm = Awaited<ReturnType<typeof getInitForm>>;
export type IdentificationType = RegisterInitForm['tiposIdentificacion'][number];
export type Terms = NonNullable<RegisterInitForm['terminos']>;
export type Lookup = RegisterInitForm['paises'][number];

/** The reference data as the one read shape, cached like a lookup (shared by registration and profile). */
export const useInitForm = () => useRead(keyOf('/auth/initForm'), getInitForm, { staleTime: STALE.lookups });
