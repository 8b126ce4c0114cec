// The catalogue members buy from: active products (with a thumbnail) and active subscription types.
import { containsPattern } from '../../platform/list-query';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { categoriaproductos, productos, tipossuscripciones } from '../../db/schema';
import { requires } from '../../platform/auth';
import type { AppEnv } from '../../platform/ports';
import { query } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { P } from '../../shared/permissions';
import { id, int } from '../../shared/schemas/fields';
import { productThumbnails } from './thumbnails';
import { paginate } from '../../platform/paginate';

const catalogQuery = v.object({
  page: v.optional(int('La página', 1, 1_000_000), 1),
  perPage: v.optional(int('El tamaño de página', 1, 100), 24),
  categoria_id: v.optional(id('La categoría')),
  q: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(100, MSG.maxLength('La búsqueda', 100)))),
});

export const catalogRoutes = new Hono<AppEnv>()
  .get('/catalogo', requires(P.misCompras), query(catalogQuery), async (c) => {
    const { page, perPage, categoria_id, q } = c.req.valid('query');
    const like = q ? containsPattern(q) : null;
    const where = and(
      eq(productos.activo, true),
      eq(categoriaproductos.activo, true),
      categoria_id ? eq(productos.categoriaId, categoria_id) : undefined,
      like
        ? sql`(${productos.nombre} like ${like} escape '\\' or ${productos.codigo} like ${like} escape '\\' or ${productos.descripcion} like ${like} escape '\\')`
        : undefined,
    );
    const { data: rows, total } = await paginate(
      c.var.db,
      c.var.db
        .select({
          id: productos.id,
          codigo: productos.codigo,
          nombre: productos.nombre,
          descripcion: productos.descripcion,
          precio: productos.precio,
          categoria_id: productos.categoriaId,
          categoria: categoriaproductos.nombre,
        })
        .from(productos)
        .innerJoin(categoriaproductos, eq(categoriaproductos.id, productos.categoriaId))
        .where(where)
        .orderBy(asc(productos.nombreOrden), asc(productos.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      c.var.db
        .select({ total: count() })
        .from(productos)
        .innerJoin(categoriaproductos, eq(categoriaproductos.id, productos.categoriaId))
        .where(where),
    );
    const thumbs = await productThumbnails(
      c.var.db,
      rows.map((r) => r.id),
    );
    return c.json({ data: rows.map((r) => ({ ...r, thumbnail: thumbs.get(r.id) ?? null })), total });
  })
  .get('/catalogo/suscripciones', requires(P.misCompras), async (c) => {
    const data = await c.var.db
      .select({
        id: tipossuscripciones.id,
        nombre: tipossuscripciones.nombre,
        descripcion: tipossuscripciones.descripcion,
        precio: tipossuscripciones.precio,
        duracion_meses: tipossuscripciones.duracionMeses,
      })
      .from(tipossuscripciones)
      .where(eq(tipossuscripciones.activo, true))
      .orderBy(asc(tipossuscripciones.precio), asc(tipossuscripciones.nombreOrden));
    return c.json({ data });
  })
  .get('/catalogo/categorias', requires(P.misCompras), async (c) => {
    const data = await c.var.db
      .select({ id: categoriaproductos.id, nombre: categoriaproductos.nombre })
      .from(categoriaproductos)
      .where(
        and(
          eq(categoriaproductos.activo, true),
          sql`exists (select 1 from ${productos} where ${productos.categoriaId} = ${categoriaproductos.id} and ${productos.activo} = 1)`,
        ),
      )
      .orderBy(asc(categoriaproductos.nombreOrden));
    return c.json({ data });
  });
