import { and, asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  ciudades,
  departamentos,
  niveleseducativos,
  paises,
  sessions,
  tiposidentificacion,
  users,
} from '../../db/schema';
import { signedIn } from '../../platform/auth';
import { HttpError, invalid, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import type { AppEnv } from '../../platform/ports';
import { json, params, query } from '../../platform/validate';
import { CONSTANTS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
} from '../../shared/schemas/auth';
import { id } from '../../shared/schemas/fields';
import { checkCredentials, clearFailures, clearLockout, limitIp, takeAttempt } from './credentials';
import {
  challengeUser,
  checkSecondFactor,
  isTotpOn,
  issueChallenge,
  roleRequiresTotp,
  spendChallenge,
} from './two-factor';
import { loginTotpSchema } from '../../shared/schemas/two-factor';
import { photoUrl } from '../../platform/user-photo';
import { serveStored } from '../../platform/uploads';
import { resetMail, verificationMail } from './mails';
import { currentTerms, register } from './register';
import { clearSessionCookies, infoSession, openSession, revokeSessions, setSessionCookies } from './sessions';
import { consumeToken, issueToken } from './tokens';
import { afterResponse } from '../../platform/background';
import { actorOf, runAudited, userWrite } from '../../platform/audit';

async function startSession(c: Context<AppEnv>, user: { id: number; userName: string }) {
  const { token, expiresAt } = await openSession(c.var, user, 'cookie', c.req.header('User-Agent'));
  const info = infoSession(user, expiresAt);
  setSessionCookies(c, token, info);
  return c.json({ infosession: info });
}

async function logout(c: Context<AppEnv>) {
  if (c.var.jti)
    await c.var.db.update(sessions).set({ revokedAt: c.var.clock.now() }).where(eq(sessions.jti, c.var.jti));
  clearSessionCookies(c);
  return c.body(null, 204);
}

export const authRoutes = new Hono<AppEnv>()
  .post('/login', json(loginSchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'login');
    const { email, password } = c.req.valid('json');
    const user = await checkCredentials(c.var, email, password, c.var.clientIp(c));
    // With two-factor sign-in the password only earns a short-lived challenge, never a session.
    if (await isTotpOn(c.var.db, user.id)) {
      return c.json({
        totp_required: true,
        challenge: await issueChallenge(c.var.db, user.id, c.var.clock.now()),
        message: MSG.totpAsk,
      });
    }
    await clearFailures(c.var, email, c.var.clientIp(c));
    return startSession(c, user);
  })
  // The second step: a code from the authenticator or a recovery code. Wrong codes count towards
  // the same per-account lockout as wrong passwords, and the per-IP limit applies.
  .post('/login/totp', json(loginTotpSchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'login');
    const { db, clock } = c.var;
    const body = c.req.valid('json');
    const now = clock.now();
    const userId = await challengeUser(db, body.challenge, now);
    const user = userId ? await db.select().from(users).where(eq(users.id, userId)).get() : undefined;
    if (!user?.activo) throw new HttpError(401, MSG.totpChallengeInvalid);
    await takeAttempt(c.var, user.email, c.var.clientIp(c));
    if (!(await checkSecondFactor(db, user.id, body, now))) {
      throw invalid({ [body.code ? 'code' : 'recovery_code']: [MSG.totpInvalid] });
    }
    if (!(await spendChallenge(db, body.challenge, now))) throw new HttpError(401, MSG.totpChallengeInvalid);
    await clearFailures(c.var, user.email, c.var.clientIp(c));
    return startSession(c, user);
  })
  // A bearer token for non-browser API clients; browsers only ever get the HttpOnly cookie.
  .post('/token', json(loginSchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'login');
    const { email, password } = c.req.valid('json');
    const user = await checkCredentials(c.var, email, password, c.var.clientIp(c));
    if (await isTotpOn(c.var.db, user.id)) throw new HttpError(403, MSG.totpTokenRefused);
    await clearFailures(c.var, email, c.var.clientIp(c));
    const { token, expiresAt } = await openSession(c.var, user, 'bearer', c.req.header('User-Agent'));
    return c.json({
      access_token: token,
      token_type: 'Bearer',
      expires_at: new Date(expiresAt).toISOString(),
    });
  })
  // The spec's GET logout signs out only a request from this site (or a non-browser client): a
  // cross-site link or image must not end the session. The SPA uses POST (behind csrf()).
  .get('/logout', async (c) => {
    const site = c.req.header('Sec-Fetch-Site');
    if (site && site !== 'same-origin' && site !== 'none')
      return c.json({ message: MSG.logoutCrossSite }, 403);
    return logout(c);
  })
  .post('/logout', (c) => logout(c))
  .get('/session', signedIn(), async (c) => {
    const u = c.var.user;
    const s = await c.var.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.jti, c.var.jti))
      .get();
    return c.json({
      infosession: infoSession(u, s!.expiresAt),
      user: {
        id: u.id,
        email: u.email,
        user_name: u.userName,
        photo_url: photoUrl(u.id, u.photoKey, u.updatedAt),
      },
      support_email: c.var.config.supportEmail,
      // A role requires two-factor sign-in and the user has not enrolled: the SPA sends it to /app/account.
      totp_setup_required: (await roleRequiresTotp(c.var.db, u.id)) && !(await isTotpOn(c.var.db, u.id)),
    });
  })
  .get('/permissions', signedIn(), (c) => c.json({ data: [...c.var.permissions].sort() }))
  .put('/password', signedIn(), json(changePasswordSchema), async (c) => {
    const { db, config, clock } = c.var;
    const body = c.req.valid('json');
    const user = await db.select().from(users).where(eq(users.id, c.var.user.id)).get();
    const { ok } = await verifyPassword(
      body.actual,
      user!.passwordHash,
      config.pepper,
      config.pbkdf2Iterations,
    );
    if (!ok) throw new HttpError(422, MSG.wrongPassword, { actual: [MSG.wrongPassword] });
    const now = clock.now();
    // Audited (Actividad: «Cambió la contraseña»); the snapshot never holds the hash.
    const change = db
      .update(users)
      .set({
        passwordHash: await hashPassword(body.password, config.pepper, config.pbkdf2Iterations),
        updatedAt: now,
      })
      .where(eq(users.id, user!.id));
    await runAudited(db, {
      ...userWrite(db, user!.id, actorOf(c, now), [change], 'contrasena'),
      baseline: false,
    });
    // Every session ends, this one included; the caller gets a fresh one.
    await revokeSessions(db, user!.id, now);
    const { token, expiresAt } = await openSession(c.var, user!, 'cookie', c.req.header('User-Agent'));
    setSessionCookies(c, token, infoSession(user!, expiresAt));
    return c.json({ message: MSG.passwordChanged });
  })
  .post('/register', json(registerSchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'register');
    await register(c, c.req.valid('json'));
    return c.json({ message: MSG.registered }, 201);
  })
  .post('/verify', json(tokenSchema), async (c) => {
    const now = c.var.clock.now();
    const userId = await consumeToken(c.var.db, 'verify', c.req.valid('json').token, now);
    if (!userId) throw new HttpError(400, MSG.verifyInvalid);
    await c.var.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
    return c.json({ message: MSG.verified });
  })
  // Both mail requests answer before looking the e-mail up: the lookup, the token and the mail are
  // handed off after the answer, so a known and an unknown e-mail cost the same (decision 0030).
  .post('/resendVerificationEmail', json(emailOnlySchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'mail');
    const { db, clock, mailer, config } = c.var;
    const email = c.req.valid('json').email;
    const now = clock.now();
    afterResponse(c, async () => {
      const user = await db.select().from(users).where(eq(users.email, email)).get();
      if (!user || user.emailVerifiedAt || !user.activo) return;
      const token = await issueToken(db, 'verify', user.id, now);
      await mailer.send(verificationMail(email, `${config.appOrigin}/login?verificar=${token}`));
    });
    return c.json({ message: MSG.verificationResent });
  })
  .post('/createResetRequest', json(emailOnlySchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'mail');
    const { db, clock, mailer, config } = c.var;
    const email = c.req.valid('json').email;
    const now = clock.now();
    afterResponse(c, async () => {
      const user = await db.select().from(users).where(eq(users.email, email)).get();
      if (!user?.activo) return;
      const token = await issueToken(db, 'reset', user.id, now);
      // The link is built from the configured origin, never from the request's Host.
      await mailer.send(resetMail(email, `${config.appOrigin}/resetPassword/${token}`));
    });
    return c.json({ message: MSG.resetRequested });
  })
  .post('/resetPassword', json(resetPasswordSchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'reset');
    const { db, clock, config } = c.var;
    const body = c.req.valid('json');
    const now = clock.now();
    const userId = await consumeToken(db, 'reset', body.token, now);
    if (!userId) throw new HttpError(400, MSG.resetInvalid);
    const passwordHash = await hashPassword(body.password, config.pepper, config.pbkdf2Iterations);
    // A reset proves control of the mailbox, so it also verifies the address.
    const user = await db
      .select({ emailVerifiedAt: users.emailVerifiedAt, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    // Audited as the user's own change (the link proved the mailbox), from this request's address.
    const change = db
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, userId));
    await runAudited(db, {
      ...userWrite(db, userId, { ...actorOf(c, now), userId }, [change], 'contrasena'),
      baseline: false,
      // The link proved control of the mailbox: the account's lockout is lifted (decision 0461).
      then: [clearLockout(db, user?.email ?? '')],
    });
    await revokeSessions(db, userId, now);
    return c.json({ message: MSG.resetDone });
  })
  .get('/initForm', async (c) => {
    const { db } = c.var;
    const [tipos, niveles, listaPaises, terms] = await Promise.all([
      db
        .select({
          id: tiposidentificacion.id,
          codigo: tiposidentificacion.codigo,
          nombre: tiposidentificacion.nombre,
        })
        .from(tiposidentificacion)
        .where(eq(tiposidentificacion.activo, true))
        .orderBy(asc(tiposidentificacion.id)),
      db
        .select({ id: niveleseducativos.id, nombre: niveleseducativos.nombre })
        .from(niveleseducativos)
        .where(eq(niveleseducativos.activo, true))
        .orderBy(asc(niveleseducativos.id)),
      db
        .select({ id: paises.id, nombre: paises.nombre })
        .from(paises)
        .where(eq(paises.activo, true))
        .orderBy(asc(paises.nombreOrden)),
      currentTerms(db),
    ]);
    return c.json({
      constantes: CONSTANTS,
      tiposIdentificacion: tipos,
      nivelesEducativos: niveles,
      paises: listaPaises,
      terminos: terms
        ? {
            id: terms.id,
            version: terms.version,
            titulo: terms.titulo,
            contenido: terms.contenido,
            file_url: terms.fileKey ? `/api/v1/auth/terminos/${terms.id}/file` : null,
          }
        : null,
    });
  })
  .get('/departamentos', query(v.object({ pais_id: id('El país') })), async (c) => {
    const data = await c.var.db
      .select({ id: departamentos.id, nombre: departamentos.nombre })
      .from(departamentos)
      .where(and(eq(departamentos.paisId, c.req.valid('query').pais_id), eq(departamentos.activo, true)))
      .orderBy(asc(departamentos.nombreOrden));
    return c.json({ data });
  })
  .get('/ciudades', query(v.object({ departamento_id: id('El departamento') })), async (c) => {
    const data = await c.var.db
      .select({ id: ciudades.id, nombre: ciudades.nombre })
      .from(ciudades)
      .where(
        and(eq(ciudades.departamentoId, c.req.valid('query').departamento_id), eq(ciudades.activo, true)),
      )
      .orderBy(asc(ciudades.nombreOrden));
    return c.json({ data });
  })
  .get('/referral/:code', params(v.object({ code: v.pipe(v.string(), v.maxLength(40)) })), async (c) => {
    const sponsor = await c.var.db
      .select({ userName: users.userName })
      .from(users)
      .where(and(eq(users.referralCode, c.req.valid('param').code.toUpperCase()), eq(users.activo, true)))
      .get();
    if (!sponsor) throw notFound('El código de referido no es válido');
    return c.json({ data: { user_name: sponsor.userName } });
  })
  .get('/terminos/:id/file', params(v.object({ id: id() })), async (c) => {
    const terms = await currentTerms(c.var.db);
    if (!terms || terms.id !== c.req.valid('param').id || !terms.fileKey) throw notFound();
    const blob = await c.var.blobs.get(terms.fileKey);
    if (!blob) throw notFound();
    return serveStored(c, blob, 'application/pdf', 'terminos-y-condiciones.pdf', false);
  });
