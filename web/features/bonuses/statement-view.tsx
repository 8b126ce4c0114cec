// A member-cycle row's statement (decision 0230): who, the row's sums, a page of its lines, the
// cycles its saldo anterior came from and its approved adjustments, with the PDF and the Excel
// that print the same numbers. The member sees it under "Mis bonos", an administrator from the
// settlement screen; the API answers 404 to anyone else.
import { MSG } from '@shared/messages';
import { pesos, STATEMENT_LABELS, withholdingLabel } from '@shared/money-out';
import { FileSpreadsheetIcon, FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { Spinner } from '@/components/feedback/spinner';
import { ToneChip } from '@/components/status/tone-chip';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDateTime, formatNumber } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';
import { download } from '@/lib/transfer';
import { pageCount, usePaging } from '@/lib/use-paging';
import { getStatement, statementFile, type Statement } from '@/features/bonuses/bonus-api';
import { BonusLinesTable } from '@/features/bonuses/bonus-lines-table';
import { cycleLabel } from '@/features/bonuses/cycle-label';

const PER_PAGE = 20;

export function StatementView({ id, clave }: { id: number; clave: string }) {
  const { page, setPage } = usePaging(PER_PAGE);
  const path = `/bonos/ciclobonificacionuser/${id}/extracto/datos`;
  const state = useRead(keyOf(path, page), (signal) => getStatement(id, page, PER_PAGE, signal), {
    keepPrevious: true,
  });
  if (state.status === 'error')
    return (
      <ErrorState
        message={
          state.error.notFound
            ? 'No encontramos este extracto o no tienes acceso a él'
            : state.error.forbidden
              ? MSG.forbidden
              : MSG.loadError
        }
        onRetry={state.error.notFound || state.error.forbidden ? undefined : state.reload}
      />
    );
  if (state.status !== 'ready')
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-16 w-full" aria-label="Cargando extracto" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  return (
    <StatementBody statement={state.data} clave={clave} page={page} onPage={setPage} busy={state.fetching} />
  );
}

function StatementBody({
  statement,
  clave,
  page,
  onPage,
  busy,
}: {
  statement: Statement;
  clave: string;
  page: number;
  onPage: (p: number) => void;
  busy: boolean;
}) {
  const s = statement.data;
  const label = cycleLabel(clave);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Miembro</dt>
          <dd>
            {s.miembro.nombre} <span className="text-muted-foreground">({s.miembro.user_name})</span>
          </dd>
          <dt className="text-muted-foreground">Documento</dt>
          <dd>
            {s.miembro.documento
              ? `${s.miembro.tipo_documento ? `${s.miembro.tipo_documento} ` : ''}${s.miembro.documento}`
              : '—'}
          </dd>
          <dt className="text-muted-foreground">Estado</dt>
          <dd>
            <ToneChip status={s.estado} />
            {s.arrastrado_a && (
              <span className="ms-2 text-muted-foreground">
                Saldo trasladado al ciclo {s.arrastrado_a.clave ?? `#${s.arrastrado_a.id}`}
              </span>
            )}
          </dd>
          <dt className="text-muted-foreground">Fecha de pago</dt>
          <dd>{s.pagado_at ? formatDateTime(s.pagado_at) : '—'}</dd>
          <dt className="text-muted-foreground">Referencia de pago</dt>
          <dd>{s.referencia_pago ?? '—'}</dd>
        </dl>
        <StatementDownloads id={s.id} clave={clave} userName={s.miembro.user_name} />
      </div>

      <dl
        aria-label={`Resumen del ciclo ${label}`}
        className="grid gap-2 rounded-lg border bg-card p-3 text-sm sm:grid-cols-4"
      >
        <Figure
          label={`Bonos del ciclo (${formatNumber(s.lineas)} ${s.lineas === 1 ? 'línea' : 'líneas'})`}
          cents={s.suma_lineas}
        />
        <Figure label={STATEMENT_LABELS.saldoAnterior} cents={s.saldo_anterior} />
        <Figure label="Ajustes aprobados" cents={s.ajustes} />
        <Figure label={STATEMENT_LABELS.total} cents={s.total} strong />
        <Figure label={withholdingLabel(s.retencion_tasa)} cents={-s.retencion} />
        <Figure label={STATEMENT_LABELS.neto} cents={s.neto} strong />
      </dl>

      <div className={cn('grid gap-2', busy && 'opacity-70')}>
        <BonusLinesTable lines={statement.lineas.data} label={`Líneas del ciclo ${label}`} />
        {pageCount(statement.lineas.total, PER_PAGE) > 1 && (
          <DataGridPagination
            label="Páginas de líneas"
            noun={['línea', 'líneas']}
            page={page}
            perPage={PER_PAGE}
            total={statement.lineas.total}
            onPage={onPage}
          />
        )}
      </div>

      <section className="grid gap-2" aria-label={STATEMENT_LABELS.saldoAnterior}>
        <h3 className="text-sm font-semibold">{STATEMENT_LABELS.saldoAnterior}</h3>
        {s.saldo_anterior_origen.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin saldo de ciclos anteriores.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {s.saldo_anterior_origen.map((o) => (
              <li key={o.id} className="flex justify-between gap-4 border-b pb-1">
                <span>Ciclo {o.clave}</span>
                <Money cents={o.total} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-2" aria-label="Ajustes manuales aprobados">
        <h3 className="text-sm font-semibold">Ajustes manuales aprobados</h3>
        {s.ajustes_detalle.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin ajustes.</p>
        ) : (
          <div className="overflow-hidden rounded-lg border bg-card">
            <Table aria-label={`Ajustes del ciclo ${label}`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Motivo</TableHead>
                  <TableHead>Registró</TableHead>
                  <TableHead>Aprobó</TableHead>
                  <TableHead className="text-end">Monto</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {s.ajustes_detalle.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell className="whitespace-normal">{a.motivo}</TableCell>
                    <TableCell>{a.autor}</TableCell>
                    <TableCell>
                      {a.aprobador ?? '—'}
                      {a.aprobado_at && (
                        <span className="block text-xs text-muted-foreground">
                          {formatDateTime(a.aprobado_at)}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="text-end">
                      <Money cents={a.monto} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
      {statement.lineas.total === 0 &&
        s.saldo_anterior_origen.length === 0 &&
        s.ajustes_detalle.length === 0 && <EmptyState text="Este ciclo no tiene movimientos." />}
    </div>
  );
}

function Money({ cents, strong = false }: { cents: number; strong?: boolean }) {
  return (
    <span className={cn('tabular-nums', strong && 'font-semibold', cents < 0 && 'text-destructive')}>
      {pesos(cents)}
    </span>
  );
}

function Figure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-base">
        <Money cents={cents} strong={strong} />
      </dd>
    </div>
  );
}

/** "Descargar PDF" and "Descargar Excel": the same statement as files. */
export function StatementDownloads({ id, clave, userName }: { id: number; clave: string; userName: string }) {
  const [busy, setBusy] = useState<'pdf' | 'excel' | null>(null);
  const get = async (kind: 'pdf' | 'excel') => {
    setBusy(kind);
    await download(
      statementFile(id, kind),
      undefined,
      `extracto-bonos-${clave}-${userName}.${kind === 'pdf' ? 'pdf' : 'xlsx'}`,
    );
    setBusy(null);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => get('pdf')}>
        {busy === 'pdf' ? <Spinner label="Descargando PDF" /> : <FileTextIcon />}
        Descargar PDF
      </Button>
      <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => get('excel')}>
        {busy === 'excel' ? <Spinner label="Descargando Excel" /> : <FileSpreadsheetIcon />}
        Descargar Excel
      </Button>
    </div>
  );
}
