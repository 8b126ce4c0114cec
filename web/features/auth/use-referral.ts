import { getReferrer } from '@/features/auth/auth-api';
import { keyOf, type Read, useRead } from '@/lib/query';

export type Referral = Read<Awaited<ReturnType<typeof getReferrer>>>;

/**
 * /register/:referralId: who invited the visitor. `idle` without a code; a 404 (`error.notFound`)
 * is a code that does not exist.
 */
export const useReferral = (code: string | undefined): Referral =>
  useRead(code ? keyOf('/auth/referral', code) : null, (signal) => getReferrer(code!, signal));
