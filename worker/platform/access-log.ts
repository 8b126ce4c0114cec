// The access record, "who looked" (decision 0402, docs/privacy.md «Quién consultó»): readings of a
// member's sensitive or unmasked data noted during a request (readPersonalField, noteAccess) are
// stored when it ends, one row per member and datum, with who, his roles, the area, when and from
// where, in one batch. A refused request (4xx/5xx) showed nothing, so it records nothing.
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { dataAccessLog, roles, userRoles } from '../db/schema';
import type { AppEnv } from './ports';

/** The area of the company a read path belongs to, by its address. */
const AREAS: [RegExp, string][] = [
  [/^\/api\/v1\/buscar/, 'Búsqueda global'],
  [/validacionIdentidad/i, 'Validación de identidad'],
  [/usuariosregistrados/i, 'Usuarios registrados'],
  [/^\/api\/v1\/(bonos|general\/referidos)/, 'Bonos y pagos'],
  [/actividad/i, 'Actividad'],
  [/revision|control|review/i, 'Revisión'],
  [/^\/api\/v1\/privacidad/, 'Privacidad'],
];

export function areaOf(path: string) {
  const base = AREAS.find(([re]) => re.test(path))?.[1] ?? 'Administración';
  return /export|excel|xlsx|pdf|descargar/i.test(path) ? `${base} (exportación)` : base;
}

export const accessLog = createMiddleware<AppEnv>(async (c, next) => {
  const notes: NonNullable<AppEnv['Variables']['accessNotes']> = [];
  c.set('accessNotes', notes);
  await next();
  const actor = c.var.user?.id;
  if (!notes.length || !actor || c.res.status >= 400) return;
  const { db, clock } = c.var;
  const now = clock.now();
  let ip: string | null = null;
  try {
    ip = c.var.clientIp(c).slice(0, 64);
  } catch {
    ip = null;
  }
  const area = areaOf(c.req.path);
  const ruta = `${c.req.method} ${c.req.path}`.slice(0, 300);
  const unique = [...new Map(notes.map((n) => [`${n.ownerId}:${n.dato}`, n])).values()].slice(0, 2000);
  const rol = sql`coalesce((select group_concat(${roles.nombre}, ', ') from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${actor}), '')`;
  const statements = unique.map((n) =>
    db.run(
      sql`insert into ${dataAccessLog} (user_id, actor_id, rol, area, dato, ruta, ip, created_at) select ${n.ownerId}, ${actor}, ${rol}, ${area}, ${n.dato}, ${ruta}, ${ip}, ${now} where exists (select 1 from users where id = ${n.ownerId})`,
    ),
  );
  for (let i = 0; i < statements.length; i += 100)
    await db.batch(
      statements.slice(i, i + 100) as [ReturnType<typeof db.run>, ...ReturnType<typeof db.run>[]],
    );
});
