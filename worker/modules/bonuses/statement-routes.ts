// The member statement of a member-cycle row (docs/decisions/0230): JSON for the
// screen, the PDF and the Excel, all from statement-data so they carry the same numbers. Each
// answers the row's member and administrators with the bonus permission; to anyone else the row
// does not exist (404), the same as an id that was never written.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { auditedExport, auditedPdf } from '../../platform/audit';
import { signedIn } from '../../platform/auth';
import type { AppEnv } from '../../platform/ports';
import { params, query } from '../../platform/validate';
import { bogotaDateTime } from '../../shared/bogota';
import { pesos, STATEMENT_LABELS, withholdingLabel } from '../../shared/money-out';
import { P } from '../../shared/permissions';
import { statementQuerySchema } from '../../shared/schemas/bonus';
import { id } from '../../shared/schemas/fields';
import { plural } from '../../shared/plural';
import {
  statementHead,
  statementLinePages,
  statementLinesPage,
  type StatementViewer,
} from './statement-data';
import { statementFileName, statementPdf } from './statement-pdf';
import { readerOf } from '../../platform/personal-data';

const idParam = params(v.object({ id: id() }));

// The statement's reader is the request's (readerOf): a document shown in full to staff is recorded.
const viewerOf = (c: Context<AppEnv>): StatementViewer => ({
  ...readerOf(c),
  userId: c.var.user.id,
  admin: c.var.permissions.has(P.liquidacionBonos),
});

export const bonusStatementRoutes = new Hono<AppEnv>()
  .get('/ciclobonificacionuser/:id{[0-9]+}/extracto', signedIn(), idParam, async (c) => {
    const head = await statementHead(c.var.db, c.req.valid('param').id, viewerOf(c));
    const now = c.var.clock.now();
    const pdf = await statementPdf(c.var.db, head, { now });
    // Every download leaves a history row (SECURITY: exports are audited), as the Excel does.
    return auditedPdf(c, {
      entity: 'extracto_bonos',
      entityId: head.id,
      comentario: `PDF ${head.clave} ${head.miembro.user_name} (${plural(head.lineas, 'línea', 'líneas')})`,
      at: now,
      file: statementFileName(head),
      pdf,
    });
  })
  .get(
    '/ciclobonificacionuser/:id{[0-9]+}/extracto/datos',
    signedIn(),
    idParam,
    query(statementQuerySchema),
    async (c) => {
      const head = await statementHead(c.var.db, c.req.valid('param').id, viewerOf(c));
      const { page, perPage } = c.req.valid('query');
      const data = await statementLinesPage(c.var.db, head, page, perPage);
      return c.json({ data: head, lineas: { data, total: head.lineas, page, perPage } });
    },
  )
  .get('/ciclobonificacionuser/:id{[0-9]+}/extracto/excel', signedIn(), idParam, async (c) => {
    const head = await statementHead(c.var.db, c.req.valid('param').id, viewerOf(c));
    const db = c.var.db;
    const documento = head.miembro.documento
      ? `${head.miembro.tipo_documento ? `${head.miembro.tipo_documento} ` : ''}${head.miembro.documento}`
      : null;
    // The summary sheet: label, amount in pesos (a number), the same amount as the screen prints it.
    const summary: (string | number | null)[][] = [
      ['Miembro', null, `${head.miembro.nombre} (${head.miembro.user_name})`],
      ['Documento', null, documento],
      ['Ciclo', null, head.clave],
      ['Estado', null, head.estado],
      ['Fecha de pago', null, head.pagado_at ? bogotaDateTime(head.pagado_at) : null],
      ['Referencia de pago', null, head.referencia_pago],
      [
        `Bonos del ciclo (${plural(head.lineas, 'línea', 'líneas')})`,
        head.suma_lineas / 100,
        pesos(head.suma_lineas),
      ],
      [STATEMENT_LABELS.saldoAnterior, head.saldo_anterior / 100, pesos(head.saldo_anterior)],
      ['Ajustes aprobados', head.ajustes / 100, pesos(head.ajustes)],
      [STATEMENT_LABELS.total, head.total / 100, pesos(head.total)],
      [withholdingLabel(head.retencion_tasa), -head.retencion / 100, pesos(-head.retencion)],
      [STATEMENT_LABELS.neto, head.neto / 100, pesos(head.neto)],
      ...head.saldo_anterior_origen.map((s) => [
        `${STATEMENT_LABELS.saldoAnterior}: ciclo ${s.clave}`,
        s.total / 100,
        pesos(s.total),
      ]),
      ...head.ajustes_detalle.map((a) => [
        `${STATEMENT_LABELS.ajuste}: ${a.motivo}`,
        a.monto / 100,
        `Registró ${a.autor} · aprobó ${a.aprobador ?? '—'}`,
      ]),
    ];
    async function* summaryPages() {
      yield summary;
    }
    async function* linePages() {
      for await (const rows of statementLinePages(db, head, 2_000))
        yield rows.map((l) => [
          l.compra_id,
          l.compra_referencia,
          l.nivel,
          l.referido,
          l.base / 100,
          l.porcentaje / 100,
          l.monto / 100,
          l.motivo,
        ]);
    }
    return auditedExport(c, {
      entity: 'extracto_bonos',
      entityId: head.id,
      comentario: `${head.clave} ${head.miembro.user_name} (${plural(head.lineas, 'línea', 'líneas')})`,
      file: statementFileName(head),
      body: [
        { name: 'Resumen', headers: ['Concepto', 'Valor (COP)', 'Detalle'], pages: summaryPages() },
        {
          name: 'Líneas',
          headers: [
            'Compra',
            'Referencia',
            'Nivel',
            'Referido',
            'Base (COP)',
            'Porcentaje',
            'Monto (COP)',
            'Observación',
          ],
          pages: linePages(),
        },
      ],
    });
  });
