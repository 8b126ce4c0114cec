// Session calls (who is signed in, signing in and out, the user's own password). The token is an
// HttpOnly cookie; the browser only learns who is signed in.
import { ApiError } from '@/lib/api';
import { client, type JsonBody, ok } from '@/lib/client';
import { isExpired, readSessionInfo, type SessionInfo } from '@/lib/session-cookie';

export type SessionState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | {
      status: 'authenticated';
      info: SessionInfo;
      user: SessionUser;
      permissions: ReadonlySet<string>;
      supportEmail: string | null;
      /** A role requires two-factor sign-in and the user has not enrolled yet. */
      totpSetupRequired: boolean;
    };

export const ANONYMOUS: SessionState = { status: 'anonymous' };

type Authenticated = Extract<SessionState, { status: 'authenticated' }>;
/** A signed-in session as a server-rendered document carries it (JSON: the permissions as a list). */
export type SessionSeed = Omit<Authenticated, 'status' | 'permissions'> & { permissions: string[] };

export const toSeed = ({ status: _, permissions, ...rest }: Authenticated): SessionSeed => ({
  ...rest,
  permissions: [...permissions].sort(),
});
export const fromSeed = (seed: SessionSeed): Authenticated => ({
  ...seed,
  status: 'authenticated',
  permissions: new Set(seed.permissions),
});

const quiet = { quiet: true } as const;
const auth = client.auth;
const getSession = () => ok(auth.session.$get(), quiet);
type SessionResponse = Awaited<ReturnType<typeof getSession>>;
export type SessionUser = SessionResponse['user'];

/** Signs in; with two-factor sign-in the reply carries the challenge of the second step instead. */
export const signIn = (email: string, password: string) =>
  ok(auth.login.$post({ json: { email, password } }), quiet);
/** The second sign-in step: a code from the authenticator or a recovery code. */
export const signInTotp = (challenge: string, second: { code?: string; recovery_code?: string }) =>
  ok(auth.login.totp.$post({ json: { challenge, ...second } }), quiet);
/** Ends the server session (the caller says so when it fails). */
export const signOut = () => ok(auth.logout.$post(), quiet);

/** Ends the server session without telling the user (used when the session cannot be completed). */
export async function silentLogout() {
  try {
    await signOut();
  } catch {
    // the session is unusable anyway
  }
}

/**
 * The signed-in user's own password (PUT /auth/password, changePasswordSchema). The server ends
 * every session of the user and hands this tab a fresh cookie.
 */
export const changeOwnPassword = (body: JsonBody<typeof auth.password.$put>) =>
  ok(auth.password.$put({ json: body }));

/**
 * Who is signed in: the session and the permission list, asked for together (one round trip
 * instead of two before the first screen). If the permissions cannot be read the user is logged
 * out (docs/product-spec.md §6).
 */
export async function loadSession(): Promise<SessionState> {
  // No readable cookie (it is set and cleared together with the HttpOnly token) or an expired
  // one: a visitor, without asking the server.
  const cookie = readSessionInfo();
  if (!cookie || isExpired(cookie)) return ANONYMOUS;
  return askSession();
}

/** The server's word on the session, cookie or not (the document renderer has no readable cookie). */
export async function askSession(): Promise<SessionState> {
  const sessionReply = getSession();
  const permissionsReply = ok(auth.permissions.$get(), quiet);
  // Read even when the session decides, so a refused permission list is never an unhandled rejection.
  permissionsReply.catch(() => {});
  let session: SessionResponse;
  try {
    session = await sessionReply;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) console.error(err);
    return ANONYMOUS;
  }
  if (!session?.user || isExpired(session.infosession)) return ANONYMOUS;
  let permissions: string[];
  try {
    permissions = (await permissionsReply).data ?? [];
  } catch (err) {
    console.error(err);
    await silentLogout();
    return ANONYMOUS;
  }
  return {
    status: 'authenticated',
    info: session.infosession,
    user: session.user,
    permissions: new Set(permissions),
    supportEmail: session.support_email ?? null,
    totpSetupRequired: !!session.totp_setup_required,
  };
}

let early: Promise<SessionState> | null = null;

/**
 * Starts reading the session as the app boots (web/main.tsx), while the first screen's code is
 * still downloading; the session provider takes this answer when it mounts instead of asking then.
 */
export function preloadSession() {
  early ??= loadSession();
}

/** The session read by preloadSession, once; later callers ask the server again. */
export function takePreloadedSession(): Promise<SessionState> {
  const answer = early ?? loadSession();
  early = null;
  return answer;
}
