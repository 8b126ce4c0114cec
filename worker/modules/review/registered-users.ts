// /app/consultas/usuariosregistrados: every member, its twelve-tab detail and the edit of its
// personal information.
import { actorOf } from '../../platform/audit';
import { count, desc, eq, sql } from 'drizzle-orm';
import {
  USER_LIST_FILTERS,
  USER_LIST_SORTS,
  userFragmentFilter,
  userNamesFilter,
} from '../../platform/search-index';
import { Hono } from 'hono';
import * as v from 'valibot';
import { compras, informacionPago, perfiles, users, validacionesIdentidad } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { badRequest, forbidden, HttpError, invalid, notFound } from '../../platform/errors';
import { offsetOf, orderOf, parseListQuery, whereOf, type ListSpec } from '../../platform/list-query';
import type { AppEnv } from '../../platform/ports';
import { isPlainObject, json, params, parseWith, readsJsonOf } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id } from '../../shared/schemas/fields';
import { personalInfoSchema } from '../../shared/schemas/profile';
import {
  readerOf,
  readPersonalField,
  readPersonalRow,
  readSensitiveProfile,
  seesPersonalData,
  type PersonalDataReader,
} from '../../platform/personal-data';
import { tabPermission, USER_TABS, type UserTab } from '../../shared/user-tabs';
import {
  beneficiariesOf,
  identityOf,
  notificationsOf,
  paymentInfoOf,
  personalInfoOf,
  profileOf,
  savePersonalInfo,
} from '../profile';
import { downline, memberCycles } from '../bonuses';
import { changeSponsor } from './sponsor';
import { photoUrl } from '../../platform/user-photo';
import { sponsorSchema } from '../../shared/schemas/bonus';
import { paginate } from '../../platform/paginate';
import { MEMBER_NAME_COLUMNS } from '../../platform/member-columns';

const DOCUMENT_FILTER_NEEDS_FULL_DATA =
  'Filtrar por identificación requiere el permiso de ver los datos completos';

const spec: ListSpec = {
  sorts: {
    ...USER_LIST_SORTS,
    estado_identidad: validacionesIdentidad.estado,
    estado_perfil: perfiles.estado,
  },
  filters: {
    // The full-text indexes (decision 0151): trigrams for fragments, words for names.
    ...USER_LIST_FILTERS,
    nombres: {
      kind: 'text',
      column: sql`(${users.nombres} || ' ' || ${users.apellidos})`,
      build: userNamesFilter,
    },
    numero_identificacion: {
      kind: 'text',
      column: users.numeroIdentificacion,
      build: userFragmentFilter('numero_identificacion', users.numeroIdentificacion),
    },
    estado_identidad: { kind: 'eq', column: validacionesIdentidad.estado },
    estado_perfil: { kind: 'eq', column: perfiles.estado },
  },
  defaultSort: { key: 'created_at', dir: 'desc' },
};

async function list(db: Db, query: ReturnType<typeof parseListQuery>, reader: PersonalDataReader) {
  // A document filter matches a hidden field: only for who sees it (decision 0343).
  if (query.filters.numero_identificacion != null && !seesPersonalData(reader))
    throw invalid({ filters: [DOCUMENT_FILTER_NEEDS_FULL_DATA] });
  const where = whereOf(query, spec);
  const { data: rows, total } = await paginate(
    db,
    db
      .select({
        ...MEMBER_NAME_COLUMNS,
        numero_identificacion: users.numeroIdentificacion,
        celular: users.celular,
        activo: users.activo,
        created_at: users.createdAt,
        estado_identidad: validacionesIdentidad.estado,
        estado_perfil: perfiles.estado,
        estado_publicacion: perfiles.estadoPublicacion,
      })
      .from(users)
      .leftJoin(validacionesIdentidad, eq(validacionesIdentidad.userId, users.id))
      .leftJoin(perfiles, eq(perfiles.userId, users.id))
      .where(where)
      .orderBy(...orderOf(query, spec, users.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(validacionesIdentidad, eq(validacionesIdentidad.userId, users.id))
      .leftJoin(perfiles, eq(perfiles.userId, users.id))
      .where(where),
  );
  return { data: rows.map((r) => readPersonalRow(reader, r, r.id)), total };
}

async function tabData(db: Db, userId: number, tab: UserTab, reader: PersonalDataReader, now: number) {
  switch (tab) {
    case 'personal':
      return {
        ...readPersonalRow(reader, await personalInfoOf(db, userId), userId),
        beneficiarios: (await beneficiariesOf(db, userId)).map((b) => ({
          ...b,
          numero_identificacion: readPersonalField(
            reader,
            'numero_identificacion',
            b.numero_identificacion,
            userId,
          ),
        })),
      };
    case 'identidad':
      return identityOf(db, userId);
    case 'pago':
      return paymentInfoOf(db, userId, reader);
    // Only the tab's section is read through its purposes: the record names what was shown.
    case 'perfil':
      return readSensitiveProfile(reader, { perfil: (await profileOf(db, userId)).perfil }, userId).perfil;
    case 'fisica':
      return readSensitiveProfile(reader, { fisica: (await profileOf(db, userId)).fisica }, userId).fisica;
    case 'servicios':
      return readSensitiveProfile(reader, { servicios: (await profileOf(db, userId)).servicios }, userId)
        .servicios;
    case 'ubicaciones':
      return (await profileOf(db, userId)).ubicaciones;
    case 'galeria':
      return (await profileOf(db, userId)).galeria;
    case 'compras':
      return db
        .select({
          id: compras.id,
          total_items: compras.totalItems,
          total: compras.total,
          estado: compras.estado,
          created_at: compras.createdAt,
          pagado_at: compras.pagadoAt,
        })
        .from(compras)
        .where(eq(compras.userId, userId))
        .orderBy(desc(compras.createdAt))
        .limit(500);
    case 'referidos':
      return downline(db, userId, now);
    case 'bonos':
      return (await memberCycles(db, userId)).data;
    case 'notificaciones':
      return (await notificationsOf(db, userId, 200)).data;
  }
}

const idParam = params(v.object({ id: id() }));
const tabParam = params(v.object({ id: id(), tab: v.picklist(USER_TABS.map((t) => t.key)) }));

export const registeredUserRoutes = new Hono<AppEnv>()
  .get('/', requires(P.usuariosRegistrados), async (c) =>
    c.json(await list(c.var.db, parseListQuery(c.req.query(), spec), readerOf(c))),
  )
  .get('/:id{[0-9]+}', requires(P.usuariosRegistrados), idParam, async (c) => {
    const u = await c.var.db
      .select({
        ...MEMBER_NAME_COLUMNS,
        activo: users.activo,
        photoKey: users.photoKey,
        updatedAt: users.updatedAt,
        sponsorId: users.sponsorId,
        version: users.version,
        perfilId: perfiles.id,
        perfilVersion: perfiles.version,
        pagoId: informacionPago.id,
        pagoVersion: informacionPago.version,
        identidadId: validacionesIdentidad.id,
        identidadVersion: validacionesIdentidad.version,
      })
      .from(users)
      .leftJoin(perfiles, eq(perfiles.userId, users.id))
      .leftJoin(informacionPago, eq(informacionPago.userId, users.id))
      .leftJoin(validacionesIdentidad, eq(validacionesIdentidad.userId, users.id))
      .where(eq(users.id, c.req.valid('param').id))
      .get();
    if (!u) throw notFound();
    const tabs = USER_TABS.filter((t) => c.var.permissions.has(tabPermission(t.key))).map((t) => t.key);
    const { photoKey, updatedAt, sponsorId, version, perfilId, perfilVersion, pagoId, pagoVersion, ...more } =
      u;
    const { identidadId, identidadVersion, ...rest } = more;
    const record = (id: number | null, v: number | null) => (id === null ? null : { id, version: v ?? 1 });
    // The member's audited records by entity key, for their history (decision 0257): the ids the
    // Actividad read filters by, and the version a restore from it sends.
    const registros = {
      users: { id: u.id, version },
      perfil: record(perfilId, perfilVersion),
      informacion_pago: record(pagoId, pagoVersion),
      validacion_identidad: record(identidadId, identidadVersion),
    };
    const patrocinador = sponsorId
      ? ((await c.var.db
          .select({ id: users.id, user_name: users.userName })
          .from(users)
          .where(eq(users.id, sponsorId))
          .get()) ?? null)
      : null;
    return c.json({
      data: { ...rest, photo_url: photoUrl(u.id, photoKey, updatedAt), tabs, patrocinador, registros },
    });
  })
  .get('/:id{[0-9]+}/:tab', requires(P.usuariosRegistrados), tabParam, async (c) => {
    const { id: userId, tab } = c.req.valid('param');
    if (!c.var.permissions.has(tabPermission(tab))) throw forbidden();
    if (!(await c.var.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()))
      throw notFound();
    return c.json({ data: await tabData(c.var.db, userId, tab, readerOf(c), c.var.clock.now()) });
  })
  .put(
    '/:id{[0-9]+}/sponsor',
    requires(P.usuariosRegistradosEdit),
    idParam,
    json(sponsorSchema),
    async (c) => {
      const body = c.req.valid('json');
      const data = await changeSponsor(
        c.var.db,
        c.req.valid('param').id,
        body.referral_code,
        body.comentario,
        actorOf(c),
      );
      return c.json({ data, message: MSG.updated });
    },
  )
  // A masked identification number sent back unchanged keeps the stored one (the editor may not see it).
  .put(
    '/:id{[0-9]+}',
    requires(P.usuariosRegistradosEdit),
    idParam,
    readsJsonOf(personalInfoSchema),
    async (c) => {
      const userId = c.req.valid('param').id;
      const stored = await c.var.db
        .select({ id: users.id, numero: users.numeroIdentificacion, celular: users.celular })
        .from(users)
        .where(eq(users.id, userId))
        .get();
      if (!stored) throw notFound();
      let raw: Record<string, unknown>;
      try {
        raw = (await c.req.json()) as Record<string, unknown>;
      } catch {
        throw badRequest();
      }
      if (!isPlainObject(raw)) throw new HttpError(422, MSG.bodyNotObject);
      if (typeof raw.numero_identificacion === 'string' && raw.numero_identificacion.startsWith('•'))
        raw.numero_identificacion = stored.numero;
      if (typeof raw.celular === 'string' && raw.celular.startsWith('•')) raw.celular = stored.celular;
      await savePersonalInfo(c.var.db, userId, parseWith(personalInfoSchema, raw), actorOf(c));
      return c.json({
        data: readPersonalRow(readerOf(c), await personalInfoOf(c.var.db, userId), userId),
        message: MSG.updated,
      });
    },
  );
