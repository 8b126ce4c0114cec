import { and, desc, eq, sql } from 'drizzle-orm';
import { withSortKeys } from '../../platform/sort-keys';
import {
  consentLedger,
  ciudades,
  departamentos,
  niveleseducativos,
  paises,
  roles,
  terminosycondiciones,
  tiposidentificacion,
  userRoles,
  users,
} from '../../db/schema';
import type { Context } from 'hono';
import { invalid } from '../../platform/errors';
import { afterResponse } from '../../platform/background';
import { hashPassword } from '../../platform/password';
import { randomCode } from '../../platform/bytes';
import type { Db } from '../../platform/db';
import type { AppEnv } from '../../platform/ports';
import { MEMBER_ROLE } from '../../platform/roles';
import { MSG } from '../../shared/messages';
import { isValidNit, NIT_MESSAGE } from '../../shared/nit';
import type { RegisterInput } from '../../shared/schemas/auth';
import { alreadyRegisteredMail, userNameTakenMail, verificationMail } from './mails';
import { issueToken } from './tokens';
import { currentNotice, type Notice } from '../privacy';
import { mandatoryRequired, UNKNOWN_PURPOSE } from '../../shared/privacy';
import { actorOf, type Actor } from '../../platform/audit';

export async function currentTerms(db: Db) {
  return db
    .select()
    .from(terminosycondiciones)
    .where(and(eq(terminosycondiciones.vigente, true), eq(terminosycondiciones.activo, true)))
    .orderBy(desc(terminosycondiciones.id))
    .get();
}

/** Every reference must exist and be active; the location must be consistent. */
async function checkReferences(db: Db, input: RegisterInput) {
  const errors: Record<string, string[]> = {};
  const tipo = await db
    .select()
    .from(tiposidentificacion)
    .where(
      and(eq(tiposidentificacion.id, input.tipo_identificacion_id), eq(tiposidentificacion.activo, true)),
    )
    .get();
  if (!tipo) errors.tipo_identificacion_id = [MSG.invalid];
  else if (tipo.codigo === 'NIT' && !isValidNit(input.numero_identificacion))
    errors.numero_identificacion = [NIT_MESSAGE];
  if (
    !(await db
      .select({ id: paises.id })
      .from(paises)
      .where(and(eq(paises.id, input.pais_id), eq(paises.activo, true)))
      .get())
  )
    errors.pais_id = [MSG.invalid];
  if (input.departamento_id != null) {
    const d = await db.select().from(departamentos).where(eq(departamentos.id, input.departamento_id)).get();
    if (!d || d.paisId !== input.pais_id || !d.activo) errors.departamento_id = [MSG.invalid];
  }
  if (input.ciudad_id != null) {
    const ci = await db.select().from(ciudades).where(eq(ciudades.id, input.ciudad_id)).get();
    if (!ci || ci.departamentoId !== input.departamento_id || !ci.activo) errors.ciudad_id = [MSG.invalid];
  }
  if (
    input.nivel_educativo_id != null &&
    !(await db
      .select({ id: niveleseducativos.id })
      .from(niveleseducativos)
      .where(eq(niveleseducativos.id, input.nivel_educativo_id))
      .get())
  )
    errors.nivel_educativo_id = [MSG.invalid];
  const terms = await currentTerms(db);
  if (!terms || terms.id !== input.terminos_id) errors.terminos_id = [MSG.termsRequired];
  // The notice's mandatory purposes must be ticked; the sensitive ones are his choice (decision 0400).
  const notice = await currentNotice(db);
  const known = new Set(notice.finalidades.map((f) => f.codigo));
  const missing = notice.finalidades.filter((f) => f.obligatoria && !input.autorizaciones.includes(f.codigo));
  if (missing.length) errors.autorizaciones = missing.map((f) => mandatoryRequired(f.nombre));
  else if (input.autorizaciones.some((code) => !known.has(code))) errors.autorizaciones = [UNKNOWN_PURPOSE];
  if (Object.keys(errors).length) throw invalid(errors);
  return { terms: terms!, notice };
}

/**
 * Registers a member. The answer never depends on whether the e-mail or the user name is known
 * (SECURITY row 10, decision 0030): a known address gets a warning e-mail, a taken user name a
 * mail asking to register again with another, and a new account its verification link. Every path
 * hashes the password, runs the same insert batch (doing nothing on a clash), issues a token
 * (matching nobody unless an account was created) and hands one mail off, so timing tells nothing
 * either (decision 0030; on the Worker too, decision 0098).
 */
export async function register(c: Context<AppEnv>, input: RegisterInput) {
  const { db, clock, config, mailer } = c.var;
  const now = clock.now();
  const { terms, notice } = await checkReferences(db, input);
  let sponsorId: number | null = null;
  if (input.referral_code) {
    const sponsor = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, input.referral_code.toUpperCase()))
      .get();
    if (!sponsor) throw invalid({ referral_code: ['El código de referido no es válido'] });
    sponsorId = sponsor.id;
  }
  const passwordHash = await hashPassword(input.password, config.pepper, config.pbkdf2Iterations);
  const { existing, taken, created } = await createMember(db, input, {
    passwordHash,
    sponsorId,
    termsId: terms.id,
    now,
    notice,
    actor: actorOf(c, now),
  });
  const token = await issueToken(db, 'verify', created ?? 0, now);
  const mail = existing
    ? alreadyRegisteredMail(input.email, `${config.appOrigin}/login`, `${config.appOrigin}/login?olvido=1`)
    : taken
      ? userNameTakenMail(input.email, input.user_name, `${config.appOrigin}/register`)
      : created
        ? verificationMail(input.email, `${config.appOrigin}/login?verificar=${token}`)
        : null; // a concurrent registration of the same e-mail won; it sends its own mail
  afterResponse(c, async () => (mail ? mailer.send(mail) : undefined));
}

/**
 * One batch, the same on every path (decision 0098: on the Worker each round trip to the
 * database shows in the answer's time): it reads whether the e-mail or the user name is known and
 * inserts the member with its role, the insert doing nothing where either clashes (both are unique
 * indexes). The role goes to the row this request inserted, recognised by its salted hash.
 */
async function createMember(
  db: Db,
  input: RegisterInput,
  f: {
    passwordHash: string;
    sponsorId: number | null;
    termsId: number;
    now: number;
    notice: Notice;
    actor: Actor;
  },
) {
  const codes = [...new Set(input.autorizaciones)];
  const [existing, taken, inserted] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1),
    db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.userName}) = lower(${input.user_name})`)
      .limit(1),
    db
      .insert(users)
      .values(
        withSortKeys(users, {
          email: input.email,
          userName: input.user_name,
          passwordHash: f.passwordHash,
          nombres: input.nombres,
          apellidos: input.apellidos,
          tipoIdentificacionId: input.tipo_identificacion_id,
          numeroIdentificacion: input.numero_identificacion,
          celular: input.celular,
          paisId: input.pais_id,
          departamentoId: input.departamento_id,
          ciudadId: input.ciudad_id,
          nivelEducativoId: input.nivel_educativo_id,
          referralCode: randomCode(8),
          sponsorId: f.sponsorId,
          terminosId: f.termsId,
          terminosAceptadosAt: f.now,
          createdAt: f.now,
          updatedAt: f.now,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: users.id }),
    db.run(
      sql`insert into ${userRoles} (user_id, role_id) select ${users.id}, ${roles.id} from ${users}, ${roles}
        where ${users.email} = ${input.email} and ${users.passwordHash} = ${f.passwordHash} and ${roles.nombre} = ${MEMBER_ROLE}`,
    ),
    // His grants, in the consent ledger (channel 'registro'), to the row this request inserted.
    db.run(
      sql`insert into ${consentLedger} (user_id, finalidad, otorgada, version, canal, ip, user_agent, actor_id, created_at)
        select ${users.id}, j.value, 1, ${f.notice.version}, 'registro', ${f.actor.ip}, ${f.actor.userAgent}, ${users.id}, ${f.now}
        from ${users}, json_each(${JSON.stringify(codes)}) j
        where ${users.email} = ${input.email} and ${users.passwordHash} = ${f.passwordHash}`,
    ),
  ]);
  return {
    existing: existing[0],
    taken: taken[0],
    created: existing[0] || taken[0] ? undefined : inserted[0]?.id,
  };
}
