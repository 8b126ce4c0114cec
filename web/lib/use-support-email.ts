import { useSession } from '@/lib/session';

export const SUPPORT_EMAIL_FALLBACK = 'soporte@360web.co';

/**
 * The support address: from the session answer, else the constant. (This used to ask /health as
 * well, but that reply never carries the address: the typed client made that visible.)
 */
export function useSupportEmail(): string {
  const { state } = useSession();
  return (state.status === 'authenticated' ? state.supportEmail : null) ?? SUPPORT_EMAIL_FALLBACK;
}
