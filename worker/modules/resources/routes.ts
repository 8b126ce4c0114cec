// One generic router serves every registry entry (ARCHITECTURE.md §3): list, get, create,
// update, delete, toggle, excel and autocomplete, plus images or a PDF where the entry has them.
import {
  auditedExport,
  historyInsert,
  actorOf,
  auditedStatements,
  linkedWrite,
  runAudited,
  versionBump,
  versionOf,
} from '../../platform/audit';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { imagenes } from '../../db/schema';
import { readBatch, requires, requiresOnRead, signedIn } from '../../platform/auth';
import { binFiles } from '../../platform/deleted-files';
import { HttpError, invalid, notFound } from '../../platform/errors';
import { insertWhereStatement } from '../../platform/guarded-insert';
import { orderOf, parseListQuery, whereOf } from '../../platform/list-query';
import { bulkRoutes, type BulkAction, type BulkApp } from '../../platform/bulk';
import { BULK_MAX, bulkSelectionSchema } from '../../shared/schemas/bulk';
import type { AppEnv } from '../../platform/ports';
import { acceptFile, filesOf, serveStored, storeImagesWithin, storeUpload } from '../../platform/uploads';
import { json, params, parseWith } from '../../platform/validate';
import { MSG } from '../../shared/messages';
import { configPermission, type CrudAction } from '../../shared/permissions';
import { isImportable, resourceSchema } from '../../shared/resource-types';
import { type RegistryEntry, RESOURCES } from '../../shared/resources';
import { id, idList } from '../../shared/schemas/fields';
import { resourceWorkbookStream } from './export';
import { runImport } from './import';
import { importedMessage, importRows } from './import-file';
import {
  auditedOf,
  autocomplete,
  labelsOf,
  createRow,
  deleteRow,
  getRow,
  toggleWrite,
  listRows,
  listSpecOf,
  seekRows,
  toggleRow,
  updateRow,
} from './service';
import { EXPORT_PAGE } from '../../platform/xlsx-stream';
import { columnOf, tableOf } from './tables';

const idParam = params(v.object({ id: id() }));
const toggleSchema = v.object({ id: id(), value: v.boolean(MSG.invalid) });
/** A sanity cap on one export; the rows stream in pages, so memory does not depend on it. */
const EXPORT_LIMIT = 1_000_000;

/** The images of an entry that has them (listed, added, removed). */
function imageRouter(def: RegistryEntry, max: number) {
  const perm = (action: CrudAction) => requires(configPermission(def.section, action));
  return new Hono<AppEnv>()
    .get('/:id{[0-9]+}/images', perm('view'), idParam, async (c) => {
      const ownerId = c.req.valid('param').id;
      await getRow(c.var.db, def, ownerId);
      const rows = await c.var.db
        .select({ id: imagenes.id, file_name: imagenes.fileName, size: imagenes.size, orden: imagenes.orden })
        .from(imagenes)
        .where(and(eq(imagenes.owner, def.key), eq(imagenes.ownerId, ownerId)))
        .orderBy(asc(imagenes.orden), asc(imagenes.id));
      return c.json({ data: rows.map((i) => ({ ...i, url: `/api/v1/general/images/${i.id}` })) });
    })
    .post('/:id{[0-9]+}/images', perm('edit'), idParam, async (c) => {
      const ownerId = c.req.valid('param').id;
      await getRow(c.var.db, def, ownerId);
      const now = c.var.clock.now();
      const stored = sql`(select count(*) from ${imagenes} where ${imagenes.owner} = ${def.key} and ${imagenes.ownerId} = ${ownerId})`;
      // Audited as an edit of the entry (its image list, decision 0250), in the INSERT's batch.
      const a = auditedOf(def);
      await storeImagesWithin(c, { max, stored, prefix: `imagenes/${def.key}` }, async (uploads) => {
        const [inserted] = await runAudited<[{ id: number }[]]>(
          c.var.db,
          linkedWrite(c.var.db, a, ownerId, actorOf(c, now), [
            insertWhereStatement(
              c.var.db,
              imagenes,
              uploads.map((u, i) => ({
                owner: def.key,
                ownerId,
                blobKey: u.key,
                fileName: u.fileName,
                contentType: u.contentType,
                size: u.size,
                orden: sql`${stored} + ${i}`,
                createdAt: now,
              })),
              sql`${stored} + ${uploads.length} <= ${max}`,
            ),
          ]),
        );
        return inserted;
      });
      return c.json({ message: MSG.created }, 201);
    })
    .delete(
      '/:id{[0-9]+}/images/:imageId{[0-9]+}',
      perm('edit'),
      params(v.object({ id: id(), imageId: id() })),
      async (c) => {
        const p = c.req.valid('param');
        const a = auditedOf(def);
        const actor = actorOf(c);
        const one = and(eq(imagenes.id, p.imageId), eq(imagenes.owner, def.key), eq(imagenes.ownerId, p.id));
        // Its file waits in the bin for the grace period, so the history can bring it back (0299).
        const [, deleted] = await runAudited<[unknown, (typeof imagenes.$inferSelect)[]]>(
          c.var.db,
          linkedWrite(c.var.db, a, p.id, actor, [
            binFiles(c.var.db, sql`select ${imagenes.blobKey} as k from ${imagenes} where ${one}`, actor.at),
            c.var.db.delete(imagenes).where(one).returning(),
          ]),
        );
        if (!deleted[0]) throw notFound();
        return c.body(null, 204);
      },
    );
}

function resourceRouter(def: RegistryEntry) {
  const perm = (action: CrudAction) => requires(configPermission(def.section, action));
  // The grid page and the detail read: session and rows in one round trip (decision 0018).
  const read = (action: CrudAction) => requiresOnRead(configPermission(def.section, action));
  const schema = resourceSchema(def);
  const spec = listSpecOf(def);
  const parentFields = def.fields.filter((f) => f.kind === 'ref').map((f) => f.name);

  const table = tableOf(def.key);
  const idColumn = columnOf(table, 'id');
  // Bulk actions (decision 0160): each at the permission of its single-row route.
  const bulk = (
    accion: string,
    action: CrudAction,
    apply: BulkAction<object>['apply'],
    chunk: number,
  ): BulkAction<object> => ({
    recurso: def.endpoint,
    accion,
    permission: configPermission(def.section, action),
    schema: bulkSelectionSchema,
    chunk,
    matching: async (c, filtros) => {
      const q = parseListQuery({ ...filtros, page: '1', perPage: '10' }, spec);
      const rows = await c.var.db
        .select({ id: idColumn })
        .from(table)
        .where(whereOf(q, spec))
        .orderBy(...orderOf(q, spec, idColumn))
        .limit(BULK_MAX + 1);
      return rows.map((row) => row.id as number);
    },
    apply,
  });
  // Activate / deactivate: the rows in the other state, each with the toggle's own statements.
  const setActive = (value: boolean) =>
    bulk(
      value ? 'activar' : 'desactivar',
      'edit',
      async (c, ids, _p, lote, at) => {
        const rows = (await c.var.db
          .select({ id: idColumn, activo: columnOf(table, 'activo') })
          .from(table)
          .where(inArray(idColumn, ids))) as { id: number; activo: boolean }[];
        // Each row's toggle, with its baseline if its history does not show it yet (decision 0295).
        const groups = rows
          .filter((row) => Boolean(row.activo) !== value)
          .map((row) =>
            auditedStatements(
              c.var.db,
              toggleWrite(c.var.db, def, row.id, Boolean(row.activo), value, {
                ...actorOf(c, at),
                batchId: lote,
              }),
            ),
          );
        // Each row's history entry counts it as done.
        const counted: number[] = [];
        let offset = 0;
        for (const g of groups) {
          counted.push(offset + g.historyAt!);
          offset += g.statements.length;
        }
        return { statements: groups.flatMap((g) => g.statements), counted };
      },
      500,
    );
  // Delete: row by row through deleteRow (its in-use checks); a row in use is left and counted.
  const remove = bulk(
    'eliminar',
    'delete',
    async (c, ids, _p, lote, at) => {
      let hechos = 0;
      const actor = { ...actorOf(c, at), batchId: lote };
      for (const rowId of ids) {
        try {
          const keys = await deleteRow(c.var.db, def, rowId, actor);
          await Promise.all(keys.map((k) => c.var.blobs.delete(k)));
          hechos++;
        } catch (err) {
          if (!(err instanceof HttpError) || err.status >= 500) throw err;
        }
      }
      return { statements: [], counted: [], hechos };
    },
    50,
  );

  const r = new Hono<AppEnv>()
    .route('/lote/activar', bulkRoutes(setActive(true)))
    .route('/lote/desactivar', bulkRoutes(setActive(false)))
    .route('/lote/eliminar', bulkRoutes(remove, { records: 200, ms: 10_000 }))
    .get('/', read('view'), async (c) =>
      c.json(
        await listRows(c.var.db, def, parseListQuery(c.req.query(), spec), spec, (s) => readBatch(c, s)),
      ),
    )
    .get('/excel', perm('export'), async (c) => {
      const q = c.req.query();
      const query = parseListQuery({ ...q, page: '1', perPage: '100' }, spec);
      let columns = def.exportColumns ?? def.columns;
      if (q.columns) {
        let wanted: unknown;
        try {
          wanted = JSON.parse(q.columns);
        } catch {
          throw invalid({ columns: [MSG.invalid] });
        }
        if (!Array.isArray(wanted) || wanted.some((f) => !columns.some((col) => col.field === f)))
          throw invalid({ columns: [MSG.invalid] });
        columns = columns.filter((col) => (wanted as string[]).includes(col.field));
      }
      // The count first (for the audit row), then the rows stream out in pages (docs/decisions/0021).
      const { total } = await listRows(c.var.db, def, { ...query, perPage: 1 }, spec);
      const filas = Math.min(total, EXPORT_LIMIT);
      const now = c.var.clock.now();
      const db = c.var.db;
      return auditedExport(c, {
        entity: def.key,
        comentario: JSON.stringify({ filters: query.filters, sorts: query.sorts, filas }),
        file: def.key,
        body: resourceWorkbookStream(def, columns, seekRows(db, def, query, spec, EXPORT_PAGE, filas)),
        at: now,
      });
    })
    .post('/import', perm('import'), async (c) => {
      if (!isImportable(def)) throw notFound();
      const [file] = await filesOf(c, 'file');
      const rows = await importRows(file!);
      const now = c.var.clock.now();
      // One activity row per import, in its batch, with the file and the counts (decision 0252).
      const report = await runImport(
        c.var.db,
        def,
        rows,
        c.req.query('aplicar') === '1',
        now,
        (counts) =>
          auditedStatements(c.var.db, {
            entity: def.key,
            id: 0,
            action: 'importar',
            actor: actorOf(c, now),
            event: { archivo: file!.name.slice(0, 120), ...counts },
          }).statements,
      );
      if (report.aplicado) {
        const comentario = JSON.stringify({
          archivo: file!.name.slice(0, 120),
          crear: report.crear,
          actualizar: report.actualizar,
        });
        await historyInsert(c.var.db, {
          entity: `importacion:${def.key}`,
          entityId: 0,
          from: null,
          to: 'IMPORTADO',
          comentario,
          userId: c.var.user.id,
          at: c.var.clock.now(),
        });
      }
      return c.json({ data: report, ...(report.aplicado ? { message: importedMessage(report) } : {}) });
    })
    .get('/autocomplete', signedIn(), async (c) => {
      // `ids`: how these rows read, active or not (a history names rows since deactivated, and
      // more than the 500 an empty search offers).
      const ids = c.req.query('ids');
      if (ids !== undefined) return c.json({ data: await labelsOf(c.var.db, def, parseWith(idList, ids)) });
      const q = (c.req.query('q') ?? '').trim().slice(0, 100);
      const parents: Record<string, number> = {};
      for (const f of parentFields) {
        const raw = c.req.query(f);
        if (raw !== undefined && raw !== '') parents[f] = parseWith(id(), raw);
      }
      return c.json({ data: await autocomplete(c.var.db, def, q, parents) });
    })
    .put('/toggle', perm('edit'), json(toggleSchema), async (c) => {
      const body = c.req.valid('json');
      const data = await toggleRow(c.var.db, def, body.id, body.value, actorOf(c));
      return c.json({ data, message: MSG.updated });
    })
    .get('/:id{[0-9]+}', read('view'), idParam, async (c) =>
      c.json({ data: await getRow(c.var.db, def, c.req.valid('param').id, (s) => readBatch(c, s)) }),
    )
    .post('/', perm('new'), json(schema), async (c) => {
      const data = await createRow(c.var.db, def, c.req.valid('json') as Record<string, unknown>, actorOf(c));
      return c.json({ data, message: MSG.created }, 201);
    })
    .put('/:id{[0-9]+}', perm('edit'), idParam, json(schema), async (c) => {
      const data = await updateRow(
        c.var.db,
        def,
        c.req.valid('param').id,
        c.req.valid('json') as Record<string, unknown>,
        actorOf(c),
        versionOf(c.req.valid('json')),
      );
      return c.json({ data, message: MSG.updated });
    })
    .delete('/:id{[0-9]+}', perm('delete'), idParam, async (c) => {
      const keys = await deleteRow(c.var.db, def, c.req.valid('param').id, actorOf(c));
      await Promise.all(keys.map((k) => c.var.blobs.delete(k)));
      return c.body(null, 204);
    });

  if (def.images) r.route('/', imageRouter(def, def.images.max));

  if (def.file) {
    const table = tableOf(def.key);
    r.get('/:id{[0-9]+}/file', perm('view'), idParam, async (c) => {
      const row = (await c.var.db
        .select()
        .from(table)
        .where(eq(columnOf(table, 'id'), c.req.valid('param').id))
        .get()) as Record<string, unknown> | undefined;
      const blob = row?.fileKey ? await c.var.blobs.get(row.fileKey as string) : null;
      if (!blob) throw notFound();
      return serveStored(c, blob, blob.contentType, (row!.fileName as string) ?? 'documento.pdf', false);
    });
    r.post('/:id{[0-9]+}/file', perm('edit'), idParam, async (c) => {
      const rowId = c.req.valid('param').id;
      const before = (await c.var.db
        .select()
        .from(table)
        .where(eq(columnOf(table, 'id'), rowId))
        .get()) as Record<string, unknown> | undefined;
      if (!before) throw notFound();
      const [file] = await filesOf(c, 'file');
      const u = await acceptFile(file!, ['pdf'], `archivos/${def.key}`);
      await storeUpload(c.var.blobs, u);
      const actor = actorOf(c);
      const a = auditedOf(def);
      await runAudited(c.var.db, {
        audited: a,
        id: rowId,
        action: 'editar',
        actor,
        write: c.var.db
          .update(table)
          .set({ fileKey: u.key, fileName: u.fileName, updatedAt: actor.at, ...versionBump(table) })
          .where(eq(columnOf(table, 'id'), rowId)),
      });
      if (before.fileKey) await c.var.blobs.delete(before.fileKey as string);
      return c.json({ data: await getRow(c.var.db, def, rowId), message: MSG.updated });
    });
  }
  return r;
}

/** The routes of one registry entry, as the web's typed client sees them (web/lib/client.ts). */
export type ResourceApp = ReturnType<typeof resourceRouter>;
export type ResourceImagesApp = ReturnType<typeof imageRouter>;
/** One bulk action's routes (start, step, progress), mounted at `<grid>/lote/<accion>`. */
export type { BulkApp };

/** The shared image server, at /general/images. */
const storedImageRoutes = new Hono<AppEnv>().get('/:id{[0-9]+}', signedIn(), idParam, async (c) => {
  const img = await c.var.db
    .select()
    .from(imagenes)
    .where(eq(imagenes.id, c.req.valid('param').id))
    .get();
  const blob = img ? await c.var.blobs.get(img.blobKey) : null;
  if (!img || !blob) throw notFound();
  return serveStored(c, blob, img.contentType, img.fileName, true);
});

/**
 * Mounts every registry entry at its own spec endpoint, and the shared image server, on the API
 * (worker/app.ts): each URL names its entry (decision 0322). Outside AppType: the SPA types these
 * calls with ResourceApp (web/lib/client.ts, resourceClient).
 */
export function mountResources(api: Hono<AppEnv>) {
  api.route('/general/images', storedImageRoutes);
  for (const def of RESOURCES) api.route(def.endpoint, resourceRouter(def));
}
