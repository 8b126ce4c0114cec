// GET /api/v1/auth/account (worker/modules/auth/account.ts): the reply type comes from its handler.
import type { InferResponseType } from 'hono/client';
import type { client } from '@/lib/client';

export type Account = InferResponseType<typeof client.auth.account.$get, 200>['data'];
export type AccountSession = Account['sesiones'][number];
