import { MSG } from '@shared/messages';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { verifyEmail } from '@/features/auth/auth-api';

/** /login?verificar=TOKEN: confirms the e-mail address once and tells the user the outcome. */
export function useVerifyToken() {
  const [params, setParams] = useSearchParams();
  const token = params.get('verificar');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    verifyEmail(token)
      .then((res) => toast.success(res?.message ?? MSG.verified))
      .catch((err) => toast.error(err instanceof ApiError ? err.message : MSG.verifyInvalid))
      .finally(() =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete('verificar');
            return next;
          },
          { replace: true },
        ),
      );
  }, [token, setParams]);
}
