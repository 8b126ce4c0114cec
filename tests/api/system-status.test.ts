// Administración → Estado del sistema (docs/decisions/0350): every job of the registry with its last
// run, outcome, duration and next run — a job never run says so —; a failing job is recorded and
// mailed to OPS_EMAIL once until it clears; a failed mail is resent from the screen's queue.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletedFiles, jobRuns, opsAlerts, outbox } from '../../worker/db/schema';
import { JOBS, runScheduled } from '../../worker/modules/jobs';
import { outboxMailer, type MailTransport } from '../../worker/platform/adapters/outbox-mailer';
import type { BlobStore } from '../../worker/platform/ports';
import { P } from '../../worker/shared/permissions';
import { ADMIN, makeApp } from '../setup/app';

const DAILY = '10 5 * * *';
const OPS = 'operaciones@example.co';

describe('GET /sistema/estado', () => {
  it('lists every job, never run at first, with its next run; 403 without the permission', async () => {
    const t = await makeApp({ start: Date.UTC(2026, 10, 15, 15) });
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.request('GET', '/api/v1/sistema/estado', { cookie: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.crons.map((c: { clave: string }) => c.clave)).toEqual(JOBS.map((j) => j.key));
    const settle = res.json.data.crons.find((c: { clave: string }) => c.clave === 'liquidacion');
    expect(settle).toMatchObject({
      nombre: 'Liquidación mensual de bonos',
      ultima_ejecucion: null,
      resultado: 'SIN_EJECUTAR',
      duracion_ms: null,
      // The daily 05:10 UTC run comes before the monthly one.
      proxima: '2026-11-16T05:10:00.000Z',
    });
    expect(res.json.data.respaldo).toBeNull();
    const member = await t.makeUser('sinpermiso', [P.misCompras]);
    expect(
      (await t.request('GET', '/api/v1/sistema/estado', { cookie: await member.session() })).status,
    ).toBe(403);
    const staff = await t.makeUser('operador', [P.estadoSistema]);
    expect((await t.request('GET', '/api/v1/sistema/estado', { cookie: await staff.session() })).status).toBe(
      200,
    );
  });

  it('records each run; a failing job is FALLIDO, its alert mailed once until a run succeeds', async () => {
    const t = await makeApp({ start: Date.UTC(2026, 10, 15, 15) });
    const failing: BlobStore = {
      ...t.ports.blobs,
      delete: async () => {
        throw new Error('R2 no responde (ana@example.co)');
      },
    };
    const ports = { ...t.ports, blobs: failing, config: { ...t.ports.config, opsEmail: OPS } };
    // A removed file past its grace period: the retention job must delete its blob.
    await t.db
      .insert(deletedFiles)
      .values({ blobKey: 'galeria/vieja.png', deletedAt: t.clock.now() - 400 * 86_400_000 });
    for (let i = 0; i < 3; i++) {
      await expect(runScheduled(ports, DAILY, t.clock.now())).rejects.toThrow(/retencion/);
      t.clock.advance(86_400_000);
    }
    const runs = await t.db.select().from(jobRuns).where(eq(jobRuns.job, 'retencion'));
    expect(runs.map((r) => r.resultado)).toEqual(['FALLIDO', 'FALLIDO', 'FALLIDO']);
    expect(runs[0]!.error).toContain('R2 no responde');
    expect(runs[0]!.error).not.toContain('ana@example.co');
    // The others ran and are recorded as OK.
    const others = await t.db.select().from(jobRuns).where(eq(jobRuns.job, 'recordatorios'));
    expect(others.map((r) => r.resultado)).toEqual(['OK', 'OK', 'OK']);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, OPS));
    expect(mails.map((m) => m.subject)).toEqual([
      '[Alerta] Falló la tarea «Retención de datos (claves, actividad, archivos borrados)»',
    ]);
    expect(mails[0]!.body).toContain('https://app.example.co/app/administracion/estado-sistema');

    const read = await t.request('GET', '/api/v1/sistema/estado', {
      cookie: await t.login(ADMIN.email, ADMIN.password),
    });
    expect(read.status, read.text).toBe(200);
    const status = read.json.data;
    const job = status.crons.find((c: { clave: string }) => c.clave === 'retencion');
    expect(job).toMatchObject({
      resultado: 'FALLIDO',
      ultima_ejecucion: new Date(runs[2]!.startedAt).toISOString(),
    });
    expect(job.duracion_ms).toEqual(expect.any(Number));
    expect(status.alertas.map((a: { clave: string }) => a.clave)).toContain('tarea:retencion');

    // Storage answers again: the job succeeds and the incident clears; a new failure mails again.
    await runScheduled({ ...ports, blobs: t.ports.blobs }, DAILY, t.clock.now());
    const open = await t.db.select().from(opsAlerts).where(eq(opsAlerts.clave, 'tarea:retencion'));
    expect(open.map((a) => a.clearedAt != null)).toEqual([true]);
    await t.db
      .insert(deletedFiles)
      .values({ blobKey: 'galeria/otra.png', deletedAt: t.clock.now() - 400 * 86_400_000 });
    await expect(runScheduled(ports, DAILY, t.clock.now())).rejects.toThrow();
    expect((await t.db.select().from(outbox).where(eq(outbox.to, OPS))).length).toBe(2);
  });

  it('alerts once when the closed month is not settled by the 3rd', async () => {
    // The 4th of December (Bogotá) and November never settled: the daily checks open one incident.
    const t = await makeApp({ start: Date.UTC(2026, 11, 4, 5, 10) });
    const ports = { ...t.ports, config: { ...t.ports.config, opsEmail: OPS } };
    const jobs = JOBS.filter((j) => j.key === 'alertas');
    await runScheduled(ports, DAILY, t.clock.now(), jobs);
    await runScheduled(ports, DAILY, t.clock.now() + 86_400_000, jobs);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, OPS));
    expect(mails.map((m) => m.subject)).toEqual(['[Alerta] El mes 2026-11 no está liquidado']);
  });

  it('resends a failed mail from the mail queue, and alerts once when mail keeps failing', async () => {
    const t = await makeApp();
    const admin = await t.login(ADMIN.email, ADMIN.password);
    let up = false;
    const sent: string[] = [];
    const transport: MailTransport = {
      deliver: async (m) => {
        if (!up) throw new Error('El servicio de correo respondió 503');
        sent.push(m.to);
      },
    };
    const mailer = outboxMailer(t.db, t.clock, {
      transport,
      config: { opsEmail: OPS, appOrigin: 'https://app.example.co' },
    });
    for (const to of ['uno@example.co', 'dos@example.co', 'tres@example.co', 'cuatro@example.co'])
      await mailer.send({ to, subject: 'Prueba', body: 'Hola' });
    const rows = await t.db.select().from(outbox);
    // Four mails failed, and the alert about it (to OPS_EMAIL) failed too: told once, kept in the queue.
    expect(rows.filter((r) => r.estado === 'FALLIDO').length).toBe(5);
    expect(rows.filter((r) => r.to === OPS).map((r) => r.subject)).toEqual([
      '[Alerta] El correo sigue fallando',
    ]);

    t.ports.mailer = mailer;
    const status = (await t.request('GET', '/api/v1/sistema/estado', { cookie: admin })).json.data;
    const queue = status.colas.find((q: { clave: string }) => q.clave === 'correo');
    expect(queue).toMatchObject({ nombre: 'Correos salientes', fallidos: 5, reintento: 'Reenviar' });
    const first = rows.find((r) => r.to === 'uno@example.co')!;
    expect(queue.elementos.find((e: { id: number }) => e.id === first.id)).toMatchObject({
      titulo: 'Prueba',
      detalle: 'Para: uno@example.co',
      error: 'El servicio de correo respondió 503',
      intentos: 1,
    });
    up = true;
    if (t.target === 'workerd') {
      // The test Worker has no MAIL_API_URL: nothing can take the mail (tests/edge/mail.test.ts
      // resends through the Worker's HTTP e-mail API).
      const none = await t.request('POST', `/api/v1/sistema/colas/correo/${first.id}/reintentar`, {
        cookie: admin,
      });
      expect(none.status).toBe(409);
      expect(none.json.message).toMatch(/No hay un servicio de correo configurado/);
      return;
    }
    const again = await t.request('POST', `/api/v1/sistema/colas/correo/${first.id}/reintentar`, {
      cookie: admin,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ data: { reintentado: true }, message: 'Reenviado' });
    expect(sent).toEqual(['uno@example.co']);
    expect((await t.db.select().from(outbox).where(eq(outbox.id, first.id)).get())!.estado).toBe('ENVIADO');
    // Once sent it is no longer in the failed queue: a second resend is a 404.
    expect(
      (await t.request('POST', `/api/v1/sistema/colas/correo/${first.id}/reintentar`, { cookie: admin }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('POST', '/api/v1/sistema/colas/pasarela/1/reintentar', { cookie: admin })).status,
    ).toBe(404);
    // The mail alert cleared with the first delivery that went through.
    const alert = await t.db.select().from(opsAlerts).where(eq(opsAlerts.clave, 'correo:fallando')).get();
    expect(alert!.clearedAt).not.toBeNull();
  });
});
