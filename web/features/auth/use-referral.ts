import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { getReferrer } from '@/features/auth/auth-api';
import { keyOf } from '@/lib/query';

export type Referral =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'valid'; code: string; userName: string }
  | { status: 'invalid' }
  | { status: 'error' };

/** /register/:referralId: who invited the visitor, if the code exists. */
export function useReferral(code: string | undefined): Referral {
  const q = useQuery({
    queryKey: keyOf('/auth/referral', code ?? ''),
    queryFn: ({ signal }) => getReferrer(code!, signal),
    enabled: !!code,
  });
  if (!code) return { status: 'none' };
  if (q.data) return { status: 'valid', code, userName: q.data.data.user_name };
  if (q.isError)
    return { status: q.error instanceof ApiError && q.error.status === 404 ? 'invalid' : 'error' };
  return { status: 'loading' };
}
