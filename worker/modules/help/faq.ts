// Reading the help content members see: FAQs grouped by module and searchable, each with its
// linked graphic aids, and the graphic aids of one module (the top bar's 'Ayudas gráficas').
// Both tables are small, administrator-kept lookups, so matching is done here, accent- and
// case-insensitively, rather than with LIKE (which folds ASCII only).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { ayudasgraficas, imagenes, preguntasfrecuentes } from '../../db/schema';
import { requires, signedIn } from '../../platform/auth';
import type { Db } from '../../platform/db';
import type { AppEnv } from '../../platform/ports';
import { P } from '../../shared/permissions';
import { helpModuleOf, moduleKey, moduleLabel } from '../../shared/schemas/help';

const MAX_ROWS = 2000;
const AIDS_OWNER = 'ayudasgraficas';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const param = (raw: string | undefined, max = 200) => (raw ?? '').trim().slice(0, max);

/** Active graphic aids (all, or these ids) with their image URLs in order. */
async function aids(db: Db, ids?: number[]) {
  if (ids && !ids.length) return [];
  const rows = await db
    .select({
      id: ayudasgraficas.id,
      titulo: ayudasgraficas.titulo,
      modulo: ayudasgraficas.modulo,
      descripcion: ayudasgraficas.descripcion,
    })
    .from(ayudasgraficas)
    .where(and(eq(ayudasgraficas.activo, true), ids ? inArray(ayudasgraficas.id, ids) : undefined))
    .orderBy(asc(ayudasgraficas.titulo))
    .limit(MAX_ROWS);
  if (!rows.length) return [];
  const images = await db
    .select({ id: imagenes.id, ownerId: imagenes.ownerId })
    .from(imagenes)
    .where(
      and(
        eq(imagenes.owner, AIDS_OWNER),
        inArray(
          imagenes.ownerId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(imagenes.orden), asc(imagenes.id));
  return rows.map((r) => ({
    ...r,
    imagenes: images
      .filter((i) => i.ownerId === r.id)
      .map((i) => ({ id: i.id, url: `/api/v1/general/images/${i.id}` })),
  }));
}

const parseIds = (raw: string): number[] => {
  try {
    const ids = JSON.parse(raw);
    return Array.isArray(ids) ? ids.filter((n): n is number => Number.isSafeInteger(n)) : [];
  } catch {
    return [];
  }
};

export const faqRoutes = new Hono<AppEnv>()
  // ?q= searches question, answer and module; ?modulo= keeps one module.
  .get('/faq', requires(P.preguntasFrecuentes), async (c) => {
    const { db } = c.var;
    const q = fold(param(c.req.query('q')));
    const modulo = moduleKey(param(c.req.query('modulo'), 80));
    const rows = await db
      .select({
        id: preguntasfrecuentes.id,
        pregunta: preguntasfrecuentes.pregunta,
        respuesta: preguntasfrecuentes.respuesta,
        modulo: preguntasfrecuentes.modulo,
        orden: preguntasfrecuentes.orden,
        ayudas_ids: preguntasfrecuentes.ayudasIds,
      })
      .from(preguntasfrecuentes)
      .where(eq(preguntasfrecuentes.activo, true))
      .orderBy(asc(preguntasfrecuentes.modulo), asc(preguntasfrecuentes.orden), asc(preguntasfrecuentes.id))
      .limit(MAX_ROWS);
    const words = q.split(/\s+/).filter(Boolean);
    const hits = rows.filter((r) => {
      if (modulo && moduleKey(r.modulo) !== modulo && helpModuleOf(r.modulo)?.key !== modulo) return false;
      const text = fold(`${r.pregunta} ${r.respuesta} ${r.modulo} ${moduleLabel(r.modulo)}`);
      return words.every((w) => text.includes(w));
    });
    const linked = await aids(db, [...new Set(hits.flatMap((r) => parseIds(r.ayudas_ids)))]);
    type Faq = Omit<(typeof hits)[number], 'ayudas_ids'> & { ayudas: typeof linked };
    const groups = new Map<string, { modulo: string; label: string; preguntas: Faq[] }>();
    for (const { ayudas_ids, ...r } of hits) {
      const label = moduleLabel(r.modulo);
      const key = moduleKey(label);
      if (!groups.has(key)) groups.set(key, { modulo: r.modulo, label, preguntas: [] });
      const ids = parseIds(ayudas_ids);
      groups.get(key)!.preguntas.push({ ...r, ayudas: linked.filter((a) => ids.includes(a.id)) });
    }
    const data = [...groups.values()].sort((a, b) => a.label.localeCompare(b.label, 'es'));
    return c.json({ data, total: hits.length });
  })
  // Any signed-in user: the help popover shows the aids of the screen they are on.
  .get('/ayudas', signedIn(), async (c) => {
    const modulo = moduleKey(param(c.req.query('modulo'), 80));
    const all = await aids(c.var.db);
    const data = modulo
      ? all.filter((a) => moduleKey(a.modulo) === modulo || helpModuleOf(a.modulo)?.key === modulo)
      : all;
    return c.json({ data: data.map((a) => ({ ...a, modulo_label: moduleLabel(a.modulo) })) });
  });
