import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { perfilOpciones, perfilRedes, perfiles, perfilUbicaciones } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { conflict, invalid, notFound } from '../../platform/errors';
import type { AppEnv } from '../../platform/ports';
import { changeState, stateChangeStatements } from '../../platform/state-change';
import { json, parseWith } from '../../platform/validate';
import {
  actorOf,
  bumpVersion,
  runAudited,
  type Actor,
  versionedEdit,
  type Statement,
} from '../../platform/audit';
import { MSG } from '../../shared/messages';
import { STATE } from '../../shared/workflow';
import { P } from '../../shared/permissions';
import {
  locationsSchema,
  PHYSICAL_REFS,
  physicalSchema,
  PROFILE_MULTI,
  PROFILE_REFS,
  profileSchema,
  SERVICE_KEYS,
  servicesSchema,
} from '../../shared/schemas/profile';
import { gateSensitive } from '../../platform/consent';
import { missingRefs } from '../resources';
import { galleryRestore } from './gallery';
import { galleryOf } from './gallery-data';
import { locationErrors } from './location';
import { optionStatements, PERFIL_AUDITED, profileIdOf } from './profile-audit';

const own = () => requires(P.perfil);
const camel = (k: string) => k.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());

/** Everything of a member's profile, as the member's screen and the reviewers show it. */
export async function profileOf(db: Db, userId: number) {
  const [row, options, redes, ubicaciones, gallery] = await Promise.all([
    db.select().from(perfiles).where(eq(perfiles.userId, userId)).get(),
    db.select().from(perfilOpciones).where(eq(perfilOpciones.userId, userId)),
    db
      .select({ red_id: perfilRedes.redId, usuario: perfilRedes.usuario })
      .from(perfilRedes)
      .where(eq(perfilRedes.userId, userId)),
    db
      .select({
        id: perfilUbicaciones.id,
        pais_id: perfilUbicaciones.paisId,
        departamento_id: perfilUbicaciones.departamentoId,
        ciudad_id: perfilUbicaciones.ciudadId,
        zona: perfilUbicaciones.zona,
      })
      .from(perfilUbicaciones)
      .where(eq(perfilUbicaciones.userId, userId))
      .orderBy(perfilUbicaciones.id),
    galleryOf(db, userId),
  ]);
  const multi: Record<string, number[]> = Object.fromEntries(
    Object.keys(PROFILE_MULTI).map((k) => [
      k,
      options.filter((o) => o.catalogo === k).map((o) => o.opcionId),
    ]),
  );
  // The reference columns hold catalogue ids (the web's typed client reads these keys).
  const pick = <K extends string>(keys: K[]) =>
    Object.fromEntries(
      keys.map((k) => [k, (row as Record<string, unknown> | undefined)?.[camel(k)] ?? null]),
    ) as Record<K, number | null>;
  return {
    user_id: userId,
    perfil: {
      nombre_publico: row?.nombrePublico ?? null,
      descripcion: row?.descripcion ?? null,
      ...pick(Object.keys(PROFILE_REFS) as (keyof typeof PROFILE_REFS)[]),
      idiomas: multi.idiomas ?? [],
      redes,
    },
    fisica: {
      ...pick(Object.keys(PHYSICAL_REFS) as (keyof typeof PHYSICAL_REFS)[]),
      estatura_cm: row?.estaturaCm ?? null,
      peso_kg: row?.pesoKg ?? null,
    },
    servicios: Object.fromEntries(SERVICE_KEYS.map((k) => [k, multi[k]])) as Record<
      (typeof SERVICE_KEYS)[number],
      number[]
    >,
    ubicaciones,
    galeria: gallery,
    estado: row?.estado ?? null,
    comentario: row?.comentario ?? null,
    estado_publicacion: row?.estadoPublicacion ?? null,
    comentario_publicacion: row?.comentarioPublicacion ?? null,
    enviado_at: row?.enviadoAt ?? null,
    perfil_id: row?.id ?? null,
    /** The version the profile's forms read and send back (decision 0251). */
    version: row?.version ?? null,
  };
}

/** The statements that set a member's social networks (one per network). */
function redesStatements(db: Db, userId: number, redes: { red_id: number; usuario: string }[]): Statement[] {
  const unique = [...new Map(redes.map((r) => [r.red_id, r])).values()];
  return [
    db.delete(perfilRedes).where(eq(perfilRedes.userId, userId)),
    ...(unique.length
      ? [db.insert(perfilRedes).values(unique.map((r) => ({ userId, redId: r.red_id, usuario: r.usuario })))]
      : []),
  ];
}

type Location = v.InferOutput<typeof locationsSchema>['ubicaciones'][number];

/** The statements that set a member's locations, in the order given. */
function locationStatements(db: Db, userId: number, list: Location[], now: number): Statement[] {
  return [
    db.delete(perfilUbicaciones).where(eq(perfilUbicaciones.userId, userId)),
    ...(list.length
      ? [
          db.insert(perfilUbicaciones).values(
            list.map((l) => ({
              userId,
              paisId: l.pais_id,
              departamentoId: l.departamento_id,
              ciudadId: l.ciudad_id,
              zona: l.zona,
              createdAt: now,
              updatedAt: now,
            })),
          ),
        ]
      : []),
  ];
}

/** Each location's country, department and city, as the locations form checks them. */
async function locationsErrors(db: Db, list: Location[]) {
  const errors: Record<string, string[]> = {};
  for (const [i, loc] of list.entries())
    Object.assign(errors, await locationErrors(db, loc, `ubicaciones.${i}.`));
  return errors;
}

/**
 * One audited edit of the member's profile (decision 0250): the row's columns with the version the
 * form read, then its linked rows, the activity row and the revision, in one batch.
 */
async function saveProfile(
  db: Db,
  userId: number,
  actor: Actor,
  version: number | undefined,
  columns: Record<string, unknown>,
  links: Statement[],
  action: 'editar' | 'restaurar' = 'editar',
) {
  const pid = await profileIdOf(db, userId, actor);
  const states = await db
    .select({ estado: perfiles.estado, estadoPublicacion: perfiles.estadoPublicacion })
    .from(perfiles)
    .where(eq(perfiles.id, pid))
    .get();
  // The change and the review it reopens commit together (one batch): never one without the other.
  await runAudited(db, {
    ...versionedEdit(
      db,
      PERFIL_AUDITED,
      pid,
      { ...columns, updatedAt: actor.at },
      { version, actor, action, links },
    ),
    then: reopenStatements(db, userId, pid, states, actor),
  });
}

/** The titles of a member's notifications about his profile's review and publication. */
export const PROFILE_REVIEW_TITLE = 'Revisión de tu perfil';
export const PUBLICATION_TITLE = 'Publicación de tu perfil';

/**
 * A member who changes an approved profile sends it back to review, and a published one leaves
 * publication until it is approved again (the queues show it with the new content): the state
 * changes from the states read before the write, each conditional on its state still being so.
 */
function reopenStatements(
  db: Db,
  userId: number,
  profileId: number,
  states: { estado: string | null; estadoPublicacion: string | null } | undefined,
  actor: Actor,
) {
  // An administrator's restore from the history is his change, not the member's.
  const member = actor.userId === userId;
  const common = {
    table: perfiles,
    idColumn: perfiles.id,
    id: profileId,
    actorId: actor.userId,
    actor,
    at: actor.at,
    comentario: member ? 'Perfil modificado por el miembro' : 'Perfil restaurado desde su historial',
  };
  // The member hears of a change he did not make, as of a reviewer's decision (same titles).
  const tell = (titulo: string) => (member ? {} : { notify: { userId, titulo } });
  return [
    ...(states?.estado === STATE.APROBADO
      ? stateChangeStatements(
          db,
          {
            ...common,
            entity: 'perfil',
            stateColumn: perfiles.estado,
            to: STATE.PENDIENTE,
            set: { enviadoAt: actor.at, updatedAt: actor.at },
            ...tell(PROFILE_REVIEW_TITLE),
          },
          STATE.APROBADO,
        )
      : []),
    ...(states?.estadoPublicacion === STATE.PUBLICADO
      ? stateChangeStatements(
          db,
          {
            ...common,
            entity: 'publicacion',
            stateColumn: perfiles.estadoPublicacion,
            to: STATE.PENDIENTE,
            ...tell(PUBLICATION_TITLE),
          },
          STATE.PUBLICADO,
        )
      : []),
  ];
}

/**
 * What a restore may copy back into a profile (decisions 0253, 0254, 0255): its columns, option
 * lists, social networks, locations and gallery.
 */
export const PERFIL_RESTORABLE = [
  'nombre_publico',
  'descripcion',
  ...Object.keys(PROFILE_REFS),
  ...Object.keys(PHYSICAL_REFS),
  'estatura_cm',
  'peso_kg',
  ...Object.keys(PROFILE_MULTI),
  'redes',
  'ubicaciones',
  'galeria',
];

const restoredLists = v.object({
  redes: v.optional(profileSchema.entries.redes),
  ubicaciones: v.optional(locationsSchema.entries.ubicaciones),
});

/**
 * Copies chosen fields of a member's profile back from a revision, with the forms' checks and the
 * version guard; a list (options, networks, locations, gallery) is set as that revision left it.
 * An approved or published profile goes back to review as when the member edits it.
 */
export async function restoreProfile(
  c: Context<AppEnv>,
  profileId: number,
  restored: Record<string, unknown>,
  version?: number,
) {
  const { db } = c.var;
  const row = await db.select().from(perfiles).where(eq(perfiles.id, profileId)).get();
  if (!row) throw notFound();
  const actor = actorOf(c);
  const refs = { ...PROFILE_REFS, ...PHYSICAL_REFS } as Record<string, { resource: string }>;
  const columns: Record<string, unknown> = {};
  const links: Statement[] = [];
  const checks: { field: string; resource: string; ids: (number | null | undefined)[] }[] = [];
  const { galeria, redes, ubicaciones, ...rest } = restored;
  // A restore puts back sensitive fields only while the member authorises them (decision 0403).
  await gateSensitive(db, row.userId, rest);
  const lists = parseWith(restoredLists, {
    ...('redes' in restored ? { redes: redes ?? [] } : {}),
    ...('ubicaciones' in restored ? { ubicaciones: ubicaciones ?? [] } : {}),
  });
  for (const [k, value] of Object.entries(rest)) {
    if (k in PROFILE_MULTI) {
      const ids = (Array.isArray(value) ? value : []).map(Number).filter(Number.isInteger);
      links.push(...optionStatements(db, row.userId, k, ids));
      checks.push({ field: k, resource: PROFILE_MULTI[k as keyof typeof PROFILE_MULTI].resource, ids });
      continue;
    }
    if (k in refs) checks.push({ field: k, resource: refs[k]!.resource, ids: [value as number | null] });
    columns[camel(k)] = value ?? null;
  }
  if (lists.redes) {
    checks.push({ field: 'redes', resource: 'redes', ids: lists.redes.map((r) => r.red_id) });
    links.push(...redesStatements(db, row.userId, lists.redes));
  }
  const errors = {
    ...(await missingRefs(db, checks)),
    ...(lists.ubicaciones ? await locationsErrors(db, lists.ubicaciones) : {}),
  };
  if (Object.keys(errors).length) throw invalid(errors);
  if (lists.ubicaciones) links.push(...locationStatements(db, row.userId, lists.ubicaciones, actor.at));
  if ('galeria' in restored)
    links.push(...(await galleryRestore(db, c.var.blobs, row.userId, galeria, actor)));
  await saveProfile(db, row.userId, actor, version ?? row.version, columns, links, 'restaurar');
}

export const ownProfileRoutes = new Hono<AppEnv>()
  .get('/', own(), async (c) => c.json({ data: await profileOf(c.var.db, c.var.user.id) }))
  .put('/', own(), json(profileSchema), async (c) => {
    const { db, user } = c.var;
    const b = c.req.valid('json');
    const errors = await missingRefs(db, [
      ...Object.entries(PROFILE_REFS).map(([k, f]) => ({
        field: k,
        resource: f.resource,
        ids: [(b as unknown as Record<string, number | null>)[k]],
      })),
      { field: 'idiomas', resource: 'idioma', ids: b.idiomas },
      { field: 'redes', resource: 'redes', ids: b.redes.map((r) => r.red_id) },
    ]);
    if (Object.keys(errors).length) throw invalid(errors);
    // Orientation and gender identity only with their authorisation (decision 0403).
    await gateSensitive(db, user.id, b);
    const actor = actorOf(c);
    await saveProfile(
      db,
      user.id,
      actor,
      b.version,
      {
        nombrePublico: b.nombre_publico,
        descripcion: b.descripcion,
        ...Object.fromEntries(
          Object.keys(PROFILE_REFS).map((k) => [camel(k), (b as Record<string, unknown>)[k]]),
        ),
      },
      [...optionStatements(db, user.id, 'idiomas', b.idiomas), ...redesStatements(db, user.id, b.redes)],
    );
    return c.json({ data: await profileOf(db, user.id), message: MSG.updated });
  })
  .put('/fisica', own(), json(physicalSchema), async (c) => {
    const { db, user } = c.var;
    const { version, ...b } = c.req.valid('json') as Record<string, number | null> & { version?: number };
    const errors = await missingRefs(
      db,
      Object.entries(PHYSICAL_REFS).map(([k, f]) => ({ field: k, resource: f.resource, ids: [b[k]] })),
    );
    if (Object.keys(errors).length) throw invalid(errors);
    // The intimate fields only with their authorisation (decision 0403).
    await gateSensitive(db, user.id, b);
    const actor = actorOf(c);
    await saveProfile(
      db,
      user.id,
      actor,
      version,
      Object.fromEntries(Object.keys(b).map((k) => [camel(k), b[k]])),
      [],
    );
    return c.json({ data: await profileOf(db, user.id), message: MSG.updated });
  })
  .put('/servicios', own(), json(servicesSchema), async (c) => {
    const { db, user } = c.var;
    const b = c.req.valid('json');
    const errors = await missingRefs(
      db,
      SERVICE_KEYS.map((k) => ({ field: k, resource: PROFILE_MULTI[k].resource, ids: b[k] })),
    );
    if (Object.keys(errors).length) throw invalid(errors);
    // The service catalogues only with their authorisation (decision 0403).
    await gateSensitive(db, user.id, b);
    const actor = actorOf(c);
    await saveProfile(
      db,
      user.id,
      actor,
      b.version,
      {},
      SERVICE_KEYS.flatMap((k) => optionStatements(db, user.id, k, b[k])),
    );
    return c.json({ data: await profileOf(db, user.id), message: MSG.updated });
  })
  .put('/ubicaciones', own(), json(locationsSchema), async (c) => {
    const { db, user } = c.var;
    const { ubicaciones: list, version } = c.req.valid('json');
    const errors = await locationsErrors(db, list);
    if (Object.keys(errors).length) throw invalid(errors);
    const actor = actorOf(c);
    await saveProfile(db, user.id, actor, version, {}, locationStatements(db, user.id, list, actor.at));
    return c.json({ data: await profileOf(db, user.id), message: MSG.updated });
  })
  // Sends the profile for review and publication (again after NO_APROBADO).
  .post('/enviar', own(), async (c) => {
    const { db, clock, user } = c.var;
    const p = await db.select().from(perfiles).where(eq(perfiles.userId, user.id)).get();
    if (!p?.nombrePublico) throw invalid({ nombre_publico: [MSG.required] });
    const now = clock.now();
    if (p.enviadoAt && p.estado === STATE.PENDIENTE) throw conflict('Tu perfil ya está en revisión');
    if (p.estado === STATE.APROBADO)
      throw conflict('Tu perfil ya está aprobado; si lo modificas vuelve a revisión');
    if (p.estado === STATE.NO_APROBADO) {
      await changeState(db, {
        entity: 'perfil',
        table: perfiles,
        idColumn: perfiles.id,
        stateColumn: perfiles.estado,
        id: p.id,
        to: STATE.PENDIENTE,
        allowed: [STATE.PENDIENTE],
        comentario: 'Perfil reenviado',
        actorId: user.id,
        at: now,
        set: { enviadoAt: now, comentario: null },
      });
    } else {
      await runAudited(db, {
        audited: PERFIL_AUDITED,
        id: p.id,
        action: 'editar',
        actor: actorOf(c, now),
        write: db
          .update(perfiles)
          .set({ enviadoAt: now, updatedAt: now, version: bumpVersion })
          .where(eq(perfiles.id, p.id)),
        history: {
          entity: 'perfil',
          from: p.estado,
          to: p.estado,
          comentario: 'Perfil enviado a revisión',
          userId: user.id,
          at: now,
        },
      });
    }
    return c.json({ data: await profileOf(db, user.id), message: MSG.updated });
  });
