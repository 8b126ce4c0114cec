import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';

export const SUPPORT_EMAIL_FALLBACK = 'soporte@360web.co';

let cached: Promise<string | null> | null = null;

function fetchFromHealth(): Promise<string | null> {
  cached ??= api<{ support_email?: string }>('GET', '/health', undefined, { skipUnauthorizedHandler: true })
    .then((res) => res?.support_email ?? null)
    .catch(() => null);
  return cached;
}

/** The support address: from the session answer, else from /health, else the constant. */
export function useSupportEmail(): string {
  const { state } = useSession();
  const fromSession = state.status === 'authenticated' ? state.supportEmail : null;
  const [fromHealth, setFromHealth] = useState<string | null>(null);

  useEffect(() => {
    if (fromSession) return;
    let active = true;
    fetchFromHealth().then((email) => active && setFromHealth(email));
    return () => {
      active = false;
    };
  }, [fromSession]);

  return fromSession ?? fromHealth ?? SUPPORT_EMAIL_FALLBACK;
}
