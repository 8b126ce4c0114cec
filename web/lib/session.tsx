import { can as canShared } from '@shared/can';
import { MSG } from '@shared/messages';
import {
  createContext,
  startTransition,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { setUnauthorizedHandler } from '@/lib/api';
import {
  ANONYMOUS,
  loadSession,
  type SessionState,
  signIn,
  signInTotp,
  signOut,
  silentLogout,
  takePreloadedSession,
} from '@/lib/session-api';
import { isExpired, readSessionInfo } from '@/lib/session-cookie';

type SessionContextValue = {
  state: SessionState;
  /** Signs in; with two-factor sign-in it resolves to the challenge of the second step instead. */
  login: (email: string, password: string) => Promise<{ challenge: string } | null>;
  /** The second step: a code from the authenticator or a recovery code. */
  verifyTotp: (challenge: string, second: { code?: string; recovery_code?: string }) => Promise<void>;
  logout: () => Promise<void>;
  refresh: () => Promise<void>;
  /** True when the user holds every permission listed. */
  can: (...permissions: string[]) => boolean;
};

const SessionContext = createContext<SessionContextValue | null>(null);

/** The session a server-rendered document was drawn for (web/server-render.tsx, web/main.tsx). */
export const SessionSeedContext = createContext<SessionState | null>(null);

const MAX_TIMEOUT = 2 ** 31 - 1;

/** Must sit inside the router: it sends the user to /login when the session ends. */
export function SessionProvider({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  // A visitor without a live session cookie is anonymous from the first render: only a cookie
  // needs the server's word, and only then is the loading screen shown.
  // A server-rendered document brings the session it was drawn for: no second question.
  const seed = useContext(SessionSeedContext);
  const [state, setState] = useState<SessionState>(
    () => seed ?? (isExpired(readSessionInfo()) ? ANONYMOUS : { status: 'checking' }),
  );
  const seeded = useRef(!!seed);
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  wasSignedIn.current = state.status === 'authenticated';

  const endSession = useCallback(
    (notify: boolean) => {
      if (notify && wasSignedIn.current) toast.warning(MSG.unauthorized, { id: 'session-ended' });
      setState(ANONYMOUS);
      navigate('/login', { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    if (seeded.current) return;
    let active = true;
    // In a transition: the whole signed-in frame draws next, in slices rather than one long task.
    takePreloadedSession().then((next) => active && startTransition(() => setState(next)));
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => endSession(true));
    return () => setUnauthorizedHandler(null);
  }, [endSession]);

  // The session ends on its own at expires_at (docs/product-spec.md §4).
  const expiresAt = state.status === 'authenticated' ? state.info.expires_at : null;
  useEffect(() => {
    if (!expiresAt) return;
    const ms = Math.min(Math.max(Date.parse(expiresAt) - Date.now(), 0), MAX_TIMEOUT);
    const timer = setTimeout(() => endSession(true), ms);
    return () => clearTimeout(timer);
  }, [expiresAt, endSession]);

  const enter = useCallback(async () => {
    const next = await loadSession();
    if (next.status !== 'authenticated') {
      await silentLogout();
      throw new Error(MSG.requestError);
    }
    setState(next);
  }, []);

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await signIn(email, password);
      if ('totp_required' in res && res.totp_required && res.challenge) return { challenge: res.challenge };
      await enter();
      return null;
    },
    [enter],
  );

  const verifyTotp = useCallback(
    async (challenge: string, second: { code?: string; recovery_code?: string }) => {
      await signInTotp(challenge, second);
      await enter();
    },
    [enter],
  );

  const logout = useCallback(async () => {
    try {
      await signOut();
    } catch {
      toast.error(MSG.logoutError);
    }
    setState(ANONYMOUS);
    navigate('/login', { replace: true });
  }, [navigate]);

  const refresh = useCallback(async () => {
    const next = await loadSession();
    setState(next);
  }, []);

  const can = useCallback(
    (...permissions: string[]) =>
      state.status === 'authenticated' && canShared(state.permissions, ...permissions),
    [state],
  );

  const value = useMemo(
    () => ({ state, login, verifyTotp, logout, refresh, can }),
    [state, login, verifyTotp, logout, refresh, can],
  );

  return (
    <SessionContext.Provider value={value}>
      {state.status === 'checking' ? fallback : children}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}

/** The signed-in user; only for screens under /app, which the guard keeps from visitors. */
export function useCurrentUser() {
  const { state } = useSession();
  if (state.status !== 'authenticated') throw new Error('No signed-in user');
  return state;
}
