// A member's public profile is audited as one record, `perfil` (the `perfiles` row, decision 0250):
// its text and reference columns, and as JSON lists its options (languages, services…), social
// networks, locations and gallery (each image with its blob key). The review's state changes on 'perfil' snapshot the same lists
// (declared once with declareLinks), so a delta never shows a list that did not change.
import { eq, sql } from 'drizzle-orm';
import { perfilMedia, perfilOpciones, perfilRedes, perfiles, perfilUbicaciones } from '../../db/schema';
import type { Db } from '../../platform/db';
import { declareLinks, runAudited, type Actor, type Audited } from '../../platform/audit';
import { PROFILE_MULTI } from '../../shared/schemas/profile';

export const PERFIL_AUDITED: Audited = { entity: 'perfil', table: perfiles };

declareLinks('perfil', {
  ...Object.fromEntries(
    Object.keys(PROFILE_MULTI).map((k) => [
      k,
      sql`(select json_group_array(o) from (select opcion_id as o from ${perfilOpciones} where user_id = t.user_id and catalogo = ${k} order by opcion_id))`,
    ]),
  ),
  redes: sql`(select json_group_array(json_object('red_id', red_id, 'usuario', usuario)) from (select red_id, usuario from ${perfilRedes} where user_id = t.user_id order by red_id))`,
  ubicaciones: sql`(select json_group_array(json_object('pais_id', pais_id, 'departamento_id', departamento_id, 'ciudad_id', ciudad_id, 'zona', zona)) from (select pais_id, departamento_id, ciudad_id, zona from ${perfilUbicaciones} where user_id = t.user_id order by id))`,
  // Each image names its blob (`archivo`), so a restore can bring back one deleted meanwhile
  // while its file is still kept (decision 0255).
  galeria: sql`(select json_group_array(json_object('id', id, 'portada', portada, 'archivo', blob_key)) from (select id, portada, blob_key from ${perfilMedia} where user_id = t.user_id order by orden, id))`,
});

/**
 * The member's profile row id; the row is created first when missing, as an audited write of its
 * own ('crear').
 */
export async function profileIdOf(db: Db, userId: number, actor: Actor): Promise<number> {
  const find = () => db.select({ id: perfiles.id }).from(perfiles).where(eq(perfiles.userId, userId)).get();
  const row = await find();
  if (row) return row.id;
  await runAudited(db, {
    audited: PERFIL_AUDITED,
    id: 'new',
    action: 'crear',
    actor,
    guard: 'changed',
    write: db
      .insert(perfiles)
      .values({ userId, createdAt: actor.at, updatedAt: actor.at })
      .onConflictDoNothing(),
  });
  return (await find())!.id;
}

/** The statements that replace one catalogue's options of a member. */
export function optionStatements(db: Db, userId: number, catalogo: string, ids: number[]) {
  return [
    db.run(sql`delete from ${perfilOpciones} where user_id = ${userId} and catalogo = ${catalogo}`),
    ...(ids.length
      ? [
          db
            .insert(perfilOpciones)
            .values([...new Set(ids)].map((opcionId) => ({ userId, catalogo, opcionId }))),
        ]
      : []),
  ];
}
