// «Descargar mis datos» (docs/privacy.md, decision 0416): a ZIP with one JSON file per area of
// what the platform holds about a member, and his own files (gallery, identity documents,
// receipts, photo). Streamed like the .xlsx exports (decision 0021): the zip's output is pulled by
// the response, areas are read in keyset pages of PAGE rows, small areas together in one batch, and
// files are piped from the blob store chunk by chunk, so memory and database requests stay bounded
// whatever the member holds (5,000 purchases and 200 files: a few dozen requests, bench/privacy.ts).
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { strToU8, type Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  activity,
  ajustesBonificacion,
  beneficiarios,
  cicloBonificacionUser,
  cicloBonificacionUserReferido,
  compraAdjuntos,
  compraLineas,
  compras,
  demostraciones,
  informacionPago,
  lotesPagoItems,
  notificaciones,
  perfiles,
  perfilMedia,
  perfilOpciones,
  perfilRedes,
  perfilUbicaciones,
  preguntas,
  consentLedger,
  privacidadSolicitudes,
  sessions,
  sugerencias,
  suscripciones,
  users,
  validacionesIdentidad,
} from '../../db/schema';
import type { Db } from '../../platform/db';
import type { BlobStore } from '../../platform/ports';
import { zipStream } from '../../platform/zip-stream';
import { bogotaDateTime } from '../../shared/bogota';

export const PAGE = 1000;

/** Columns never exported: secrets, hashes and internal keys. */
const HIDDEN = /(hash|secret|jti|key|token|sortkey|orden$)/i;

function publicRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!HIDDEN.test(k)) out[k] = v;
  return out;
}

/** A file name safe inside the zip. */
const safeName = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'archivo';

type Paged = { file: string; table: SQLiteTable; id: SQLiteColumn; where: SQL };

/** The member's files: where they sit in the zip and their blob key. */
type FileRef = { name: string; key: string };

/**
 * The ZIP of everything about `userId`. `generatedAt` is written into `LEAME.txt`.
 */
export function memberZip(
  db: Db,
  blobs: BlobStore,
  userId: number,
  generatedAt: number,
): ReadableStream<Uint8Array> {
  async function* write(zip: Zip) {
    const json = (name: string, value: unknown) => {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(JSON.stringify(value, null, 2)), true);
    };
    // The small areas: one batch, one request.
    const [
      [user],
      perfil,
      opciones,
      redes,
      ubicaciones,
      galeria,
      identidad,
      bens,
      pago,
      subs,
      sesiones,
      sugs,
      pregs,
      demos,
      solicitudes,
      ajustes,
      pagos,
      autorizaciones,
    ] = await db.batch([
      db.select().from(users).where(eq(users.id, userId)),
      db.select().from(perfiles).where(eq(perfiles.userId, userId)),
      db.select().from(perfilOpciones).where(eq(perfilOpciones.userId, userId)),
      db.select().from(perfilRedes).where(eq(perfilRedes.userId, userId)),
      db.select().from(perfilUbicaciones).where(eq(perfilUbicaciones.userId, userId)),
      db.select().from(perfilMedia).where(eq(perfilMedia.userId, userId)).orderBy(asc(perfilMedia.id)),
      db.select().from(validacionesIdentidad).where(eq(validacionesIdentidad.userId, userId)),
      db.select().from(beneficiarios).where(eq(beneficiarios.userId, userId)),
      db.select().from(informacionPago).where(eq(informacionPago.userId, userId)),
      db.select().from(suscripciones).where(eq(suscripciones.userId, userId)),
      db
        .select({
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          userAgent: sessions.userAgent,
          kind: sessions.kind,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
      db.select().from(sugerencias).where(eq(sugerencias.userId, userId)),
      db.select().from(preguntas).where(eq(preguntas.userId, userId)),
      db.select().from(demostraciones).where(eq(demostraciones.userId, userId)),
      db.select().from(privacidadSolicitudes).where(eq(privacidadSolicitudes.userId, userId)),
      db.select().from(ajustesBonificacion).where(eq(ajustesBonificacion.userId, userId)),
      db.select().from(lotesPagoItems).where(eq(lotesPagoItems.userId, userId)),
      // The consent ledger, oldest first (docs/privacy.md «Aviso y autorizaciones»).
      db.select().from(consentLedger).where(eq(consentLedger.userId, userId)).orderBy(asc(consentLedger.id)),
    ]);
    if (!user) {
      zip.end();
      return;
    }
    json('LEAME.json', {
      titular: user.userName,
      generado: bogotaDateTime(generatedAt),
      contenido:
        'Un archivo JSON por área de la plataforma con lo que guardamos sobre usted, y sus archivos en la carpeta archivos/.',
    });
    json('cuenta.json', publicRow(user));
    json('perfil.json', {
      perfil: perfil.map(publicRow),
      opciones: opciones.map(publicRow),
      redes: redes.map(publicRow),
      ubicaciones: ubicaciones.map(publicRow),
      galeria: galeria.map(publicRow),
    });
    json('identidad.json', identidad.map(publicRow));
    json('beneficiarios.json', bens.map(publicRow));
    json('informacion_pago.json', pago.map(publicRow));
    json('suscripciones.json', subs.map(publicRow));
    json('sesiones.json', sesiones);
    json('centro_de_ayuda.json', {
      sugerencias: sugs.map(publicRow),
      preguntas: pregs.map(publicRow),
      demostraciones: demos.map(publicRow),
    });
    json('solicitudes_de_datos.json', solicitudes.map(publicRow));
    json('pagos_de_bonos.json', { ajustes: ajustes.map(publicRow), pagos: pagos.map(publicRow) });
    json('autorizaciones.json', autorizaciones.map(publicRow));
    yield;

    // The large areas: keyset pages.
    const mine = sql`select id from ${compras} where ${compras.userId} = ${userId}`;
    const receipts: FileRef[] = [];
    const paged: Paged[] = [
      { file: 'compras.json', table: compras, id: compras.id, where: eq(compras.userId, userId) },
      {
        file: 'compras_lineas.json',
        table: compraLineas,
        id: compraLineas.id,
        where: inArray(compraLineas.compraId, sql`(${mine})`),
      },
      {
        file: 'compras_comprobantes.json',
        table: compraAdjuntos,
        id: compraAdjuntos.id,
        where: inArray(compraAdjuntos.compraId, sql`(${mine})`),
      },
      {
        file: 'bonos.json',
        table: cicloBonificacionUser,
        id: cicloBonificacionUser.id,
        where: eq(cicloBonificacionUser.userId, userId),
      },
      {
        file: 'bonos_lineas.json',
        table: cicloBonificacionUserReferido,
        id: cicloBonificacionUserReferido.id,
        where: eq(cicloBonificacionUserReferido.beneficiarioId, userId),
      },
      {
        file: 'notificaciones.json',
        table: notificaciones,
        id: notificaciones.id,
        where: eq(notificaciones.userId, userId),
      },
      {
        file: 'actividad.json',
        table: activity,
        id: activity.id,
        where: or(
          eq(activity.userId, userId),
          and(eq(activity.entity, 'users'), eq(activity.entityId, userId)),
        )!,
      },
    ];
    for (const area of paged) {
      const part = new ZipDeflate(area.file, { level: 6 });
      zip.add(part);
      part.push(strToU8('['));
      let last = 0;
      let first = true;
      for (;;) {
        const rows = (await db
          .select()
          .from(area.table)
          .where(and(area.where, gt(area.id, last)))
          .orderBy(asc(area.id))
          .limit(PAGE)) as Record<string, unknown>[];
        if (rows.length) {
          part.push(
            strToU8((first ? '\n' : ',\n') + rows.map((r) => JSON.stringify(publicRow(r))).join(',\n')),
          );
          first = false;
          last = Number(rows[rows.length - 1]!.id);
          if (area.table === compraAdjuntos)
            for (const r of rows)
              receipts.push({
                name: `archivos/comprobantes/${r.compraId}-${r.id}-${safeName(String(r.fileName))}`,
                key: String(r.blobKey),
              });
        }
        yield;
        if (rows.length < PAGE) break;
      }
      part.push(strToU8('\n]\n'), true);
    }

    // His files, piped from the store.
    const files: FileRef[] = [
      ...(user.photoKey ? [{ name: 'archivos/foto', key: user.photoKey }] : []),
      ...galeria.map((g) => ({ name: `archivos/galeria/${g.id}-${safeName(g.fileName)}`, key: g.blobKey })),
      ...identidad.flatMap((v) =>
        (
          [
            ['frente', v.frenteKey],
            ['respaldo', v.respaldoKey],
            ['selfie', v.selfieKey],
          ] as const
        )
          .filter(([, k]) => !!k)
          .map(([n, k]) => ({ name: `archivos/identidad/${n}`, key: k! })),
      ),
      ...receipts,
    ];
    for (const f of files) {
      const blob = await blobs.get(f.key);
      if (!blob) continue;
      const ext = /\.[a-z0-9]{1,5}$/i.exec(blob.fileName ?? '')?.[0] ?? '';
      const part = new ZipPassThrough(f.name.endsWith(ext) ? f.name : `${f.name}${ext}`);
      zip.add(part);
      const reader = blob.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        part.push(value);
        yield;
      }
      part.push(new Uint8Array(0), true);
    }
    zip.end();
  }

  return zipStream(write);
}

/** The response of a member's ZIP, with its dated name. */
export function zipResponse(body: ReadableStream<Uint8Array>, userName: string, at: number): Response {
  const date = bogotaDateTime(at).slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="mis-datos-${safeName(userName)}-${date}.zip"`,
      'Cache-Control': 'no-store',
    },
  });
}
