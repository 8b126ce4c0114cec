import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';

export type Referral =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'valid'; code: string; userName: string }
  | { status: 'invalid' }
  | { status: 'error' };

/** /register/:referralId: who invited the visitor, if the code exists. */
export function useReferral(code: string | undefined): Referral {
  const [referral, setReferral] = useState<Referral>(code ? { status: 'loading' } : { status: 'none' });

  useEffect(() => {
    if (!code) {
      setReferral({ status: 'none' });
      return;
    }
    let active = true;
    setReferral({ status: 'loading' });
    api<{ data: { user_name: string } }>('GET', `/auth/referral/${encodeURIComponent(code)}`, undefined, { skipUnauthorizedHandler: true })
      .then((res) => active && setReferral({ status: 'valid', code, userName: res.data.user_name }))
      .catch((err) => active && setReferral({ status: err instanceof ApiError && err.status === 404 ? 'invalid' : 'error' }));
    return () => {
      active = false;
    };
  }, [code]);

  return referral;
}
