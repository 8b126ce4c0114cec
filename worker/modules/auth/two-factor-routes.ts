// /auth/account/2fa: the signed-in user's own authenticator (decision 0034).
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { users } from '../../db/schema';
import { signedIn } from '../../platform/auth';
import { HttpError, invalid } from '../../platform/errors';
import { verifyPassword } from '../../platform/password';
import type { AppEnv } from '../../platform/ports';
import { actorOf } from '../../platform/audit';
import { json } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { totpConfirmSchema, totpDisableSchema } from '../../shared/schemas/two-factor';
import { clearFailures, limitIp, takeAttempt } from './credentials';
import {
  confirmEnrolment,
  disableTotp,
  isTotpOn,
  remainingRecoveryCodes,
  roleRequiresTotp,
  startEnrolment,
} from './two-factor';

export const twoFactorRoutes = new Hono<AppEnv>()
  .get('/', signedIn(), async (c) => {
    const { db, user } = c.var;
    const activo = await isTotpOn(db, user.id);
    return c.json({
      data: {
        activo,
        requerido: await roleRequiresTotp(db, user.id),
        codigos_restantes: activo ? await remainingRecoveryCodes(db, user.id) : 0,
      },
    });
  })
  .post('/setup', signedIn(), async (c) =>
    c.json({ data: await startEnrolment(c.var.db, c.var.user, c.var.clock.now()) }),
  )
  .post('/enable', signedIn(), json(totpConfirmSchema), async (c) => {
    await limitIp(c.var, c.var.clientIp(c), 'totp');
    const codes = await confirmEnrolment(
      c.var.db,
      c.var.user.id,
      c.req.valid('json').code,
      c.var.clock.now(),
      actorOf(c),
    );
    return c.json({ data: { recovery_codes: codes }, message: MSG.totpEnabled });
  })
  // Turning it off needs the password; wrong passwords count towards the account lockout.
  .post('/disable', signedIn(), json(totpDisableSchema), async (c) => {
    const { db, config, user } = c.var;
    await limitIp(c.var, c.var.clientIp(c), 'totp');
    await takeAttempt(c.var, user.email, c.var.clientIp(c));
    const row = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .get();
    const { ok } = await verifyPassword(
      c.req.valid('json').password,
      row!.passwordHash,
      config.pepper,
      config.pbkdf2Iterations,
    );
    if (!ok) throw invalid({ password: [MSG.wrongPassword] });
    await clearFailures(c.var, user.email, c.var.clientIp(c));
    if (await roleRequiresTotp(db, user.id)) throw new HttpError(409, MSG.totpCannotDisable);
    await disableTotp(db, user.id, actorOf(c));
    return c.json({ message: MSG.totpDisabled });
  });
