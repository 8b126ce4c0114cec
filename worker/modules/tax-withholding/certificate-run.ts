// A year's certificates for every member, in bounded steps (decision 0451): a run row with a saved
// cursor over member ids; each step makes at most STEP_MEMBERS PDFs (or stops at its time budget),
// stores each in the blob store under certificados/{año}/{id}.pdf and tells the member by e-mail,
// then moves the cursor. The screen calls the route again until `done`; a step killed half-way
// repeats at most its own members (their PDF is overwritten, their e-mail sent again).
import { and, desc, eq, sql } from 'drizzle-orm';
import { certificadosLotes } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { BlobStore, Mailer } from '../../platform/ports';
import { pesos } from '../../shared/money-out';
import { certificateTitle } from '../../shared/withholding';
import { certificateData, membersOfYear } from './certificate-data';
import { certificatePdf } from './certificate-pdf';
import { STATE } from '../../shared/workflow';

export const STEP_MEMBERS = 50;
export const STEP_MS = 15_000;

export const certificateKey = (anio: number, userId: number) => `certificados/${anio}/${userId}.pdf`;

const bytesStream = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

export type RunPorts = { db: Db; blobs: BlobStore; mailer: Mailer; appOrigin: string };

/** The latest run of the year, or a new one when there is none (or the last one finished and `again`). */
async function runOf(db: Db, anio: number, actorId: number, now: number, again: boolean) {
  const last = await db
    .select()
    .from(certificadosLotes)
    .where(eq(certificadosLotes.anio, anio))
    .orderBy(desc(certificadosLotes.id))
    .limit(1)
    .get();
  if (last && (last.estado === STATE.EN_CURSO || !again)) return last;
  return db.insert(certificadosLotes).values({ anio, creadoPor: actorId, creadoAt: now }).returning().get();
}

export async function certificateStep(
  p: RunPorts,
  anio: number,
  opts: { actorId: number; now: number; again?: boolean; members?: number },
) {
  const t0 = performance.now();
  const run = await runOf(p.db, anio, opts.actorId, opts.now, opts.again ?? false);
  if (run.estado !== STATE.EN_CURSO) return { ...shape(run), done: true };
  const ids = await membersOfYear(p.db, anio, run.cursor, opts.members ?? STEP_MEMBERS);
  let cursor = run.cursor;
  let made = 0;
  for (const userId of ids) {
    if (made > 0 && performance.now() - t0 > STEP_MS) break;
    const cert = await certificateData(p.db, userId, anio);
    const pdf = await certificatePdf(cert, opts.now);
    await p.blobs.put(certificateKey(anio, userId), bytesStream(pdf), {
      contentType: 'application/pdf',
      fileName: `${certificateTitle(anio)}.pdf`,
      size: pdf.byteLength,
    });
    if (cert.miembro.email)
      await p.mailer.send({
        to: cert.miembro.email,
        subject: certificateTitle(anio),
        body: `Hola ${cert.miembro.nombre}:\n\nYa está disponible tu ${certificateTitle(anio)}: pagos o abonos por ${pesos(cert.totales.ingreso)} y retenciones por ${pesos(cert.totales.retencion)}.\n\nDescárgalo en ${p.appOrigin}/app/bonos (botón «Certificado de ingresos y retenciones»).`,
      });
    cursor = userId;
    made++;
  }
  const finished = ids.length < (opts.members ?? STEP_MEMBERS) && made === ids.length;
  const moved = await p.db
    .update(certificadosLotes)
    .set({
      cursor,
      generados: sql`${certificadosLotes.generados} + ${made}`,
      ...(finished ? { estado: 'TERMINADO', terminadoAt: opts.now } : {}),
    })
    .where(and(eq(certificadosLotes.id, run.id), eq(certificadosLotes.cursor, run.cursor)))
    .returning()
    .get();
  const now = moved ?? run;
  return { ...shape(now), done: now.estado !== STATE.EN_CURSO };
}

const shape = (r: typeof certificadosLotes.$inferSelect) => ({
  id: r.id,
  anio: r.anio,
  estado: r.estado,
  generados: r.generados,
  terminado_at: r.terminadoAt,
});
