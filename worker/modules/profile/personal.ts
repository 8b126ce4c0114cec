import { eq } from 'drizzle-orm';
import { withSortKeys } from '../../platform/sort-keys';
import { Hono, type Context } from 'hono';
import { tiposidentificacion, users } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { json, parseWith } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { personalInfoErrors, personalInfoSchema, type PersonalInfo } from '../../shared/schemas/profile';
import { missingRefs } from '../resources';
import { locationErrors } from './location';
import { photoUrl, uploadPhoto } from '../../platform/user-photo';
import { actorOf, runAudited, type Actor, restoredBody, userEdit } from '../../platform/audit';

export async function personalInfoOf(db: Db, userId: number) {
  const u = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!u) throw notFound();
  return {
    id: u.id,
    email: u.email,
    user_name: u.userName,
    nombres: u.nombres,
    apellidos: u.apellidos,
    tipo_identificacion_id: u.tipoIdentificacionId,
    numero_identificacion: u.numeroIdentificacion,
    fecha_nacimiento: u.fechaNacimiento,
    genero: u.genero,
    celular: u.celular,
    pais_id: u.paisId,
    departamento_id: u.departamentoId,
    ciudad_id: u.ciudadId,
    direccion: u.direccion,
    nivel_educativo_id: u.nivelEducativoId,
    photo_url: photoUrl(u.id, u.photoKey, u.updatedAt),
    referral_code: u.referralCode,
    created_at: u.createdAt,
    version: u.version,
  };
}

/** Validates and saves personal information for a user (own screen and the administrators' edit). */
export async function savePersonalInfo(
  db: Db,
  userId: number,
  body: PersonalInfo,
  actor: Actor,
  action: 'editar' | 'restaurar' = 'editar',
) {
  const now = actor.at;
  const tipo = await db
    .select({ codigo: tiposidentificacion.codigo })
    .from(tiposidentificacion)
    .where(eq(tiposidentificacion.id, body.tipo_identificacion_id))
    .get();
  const errors = {
    ...personalInfoErrors(body, tipo?.codigo, now),
    ...(await missingRefs(db, [
      {
        field: 'tipo_identificacion_id',
        resource: 'tiposidentificacion',
        ids: [body.tipo_identificacion_id],
      },
      { field: 'nivel_educativo_id', resource: 'niveleseducativos', ids: [body.nivel_educativo_id] },
    ])),
    ...(await locationErrors(db, body)),
  };
  if (Object.keys(errors).length) throw invalid(errors);
  // Audited as an edit of the user (decision 0250), checked against the version the form read.
  await runAudited(
    db,
    userEdit(
      db,
      userId,
      withSortKeys(users, {
        nombres: body.nombres,
        apellidos: body.apellidos,
        tipoIdentificacionId: body.tipo_identificacion_id,
        numeroIdentificacion: body.numero_identificacion,
        fechaNacimiento: body.fecha_nacimiento,
        genero: body.genero,
        celular: body.celular,
        paisId: body.pais_id,
        departamentoId: body.departamento_id,
        ciudadId: body.ciudad_id,
        direccion: body.direccion,
        nivelEducativoId: body.nivel_educativo_id,
        updatedAt: now,
      }),
      { version: body.version, actor, action },
    ),
  );
}

const own = () => requires(P.miInformacionPersonal);

export const personalRoutes = new Hono<AppEnv>()
  .get('/', own(), async (c) => c.json({ data: await personalInfoOf(c.var.db, c.var.user.id) }))
  .put('/', own(), json(personalInfoSchema), async (c) => {
    await savePersonalInfo(c.var.db, c.var.user.id, c.req.valid('json'), actorOf(c));
    return c.json({ data: await personalInfoOf(c.var.db, c.var.user.id), message: MSG.updated });
  })
  .post('/foto', own(), async (c) => {
    const before = await c.var.db
      .select({ photoKey: users.photoKey })
      .from(users)
      .where(eq(users.id, c.var.user.id))
      .get();
    await uploadPhoto(c, c.var.user.id, actorOf(c), before?.photoKey ?? null);
    return c.json({ data: await personalInfoOf(c.var.db, c.var.user.id), message: MSG.updated });
  });

/**
 * The personal-data form's fields a restore may copy back (decision 0254): everything that form
 * writes but the names, which the users form's restore handles. The photo has its own restore
 * (`restorePhoto`, decision 0298).
 */
export const PERSONAL_RESTORABLE = [
  'tipo_identificacion_id',
  'numero_identificacion',
  'fecha_nacimiento',
  'genero',
  'celular',
  'pais_id',
  'departamento_id',
  'ciudad_id',
  'direccion',
  'nivel_educativo_id',
] as const;

/**
 * Copies chosen personal data of a user back from a revision, through the personal-data form's
 * write (its checks: the identification type and its NIT check, age, location, references) and
 * the version guard.
 */
export async function restorePersonalInfo(
  c: Context<AppEnv>,
  userId: number,
  restored: Record<string, unknown>,
  version?: number,
): Promise<void> {
  const { version: now, ...current } = await personalInfoOf(c.var.db, userId);
  const body = parseWith(
    personalInfoSchema,
    restoredBody(
      {
        nombres: current.nombres,
        apellidos: current.apellidos,
        ...Object.fromEntries(PERSONAL_RESTORABLE.map((k) => [k, current[k]])),
        version: now,
      },
      restored,
      version,
    ),
  );
  await savePersonalInfo(c.var.db, userId, body, actorOf(c), 'restaurar');
}
