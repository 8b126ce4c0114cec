// /app/administracion/extractos: upload a bank statement, see its movements matched to unpaid
// purchases (matched / ambiguous / unmatched, with the reason), and confirm every matched purchase
// in one action. While the server works in bounded steps the screen asks it to
// go on (…/avanzar) until the statement is LISTO or CONFIRMADO (docs/decisions/0140).
import { MATCH_GROUP_LABELS, MATCH_GROUPS, type MatchGroup } from '@shared/statement';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DataGridPagination } from '@/components/data-grid/data-grid-pagination';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageHeader } from '@/components/feedback/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FilePickButton } from '@/components/upload/file-pick-button';
import { useUpload } from '@/components/upload/use-upload';
import {
  advance,
  confirmMatched,
  getMovements,
  getStatement,
  listStatements,
  STATEMENT_API,
  type Statement,
} from '@/features/statement/statement-api';
import { formatDateTime, formatMoney, formatNumber, plural } from '@/lib/format';
import { useWrite } from '@/lib/mutation';
import { invalidate, keyOf, useRead } from '@/lib/query';
import { usePaging } from '@/lib/use-paging';
import { STATE } from '@shared/workflow';

const PER_PAGE = 50;
const busy = (s: Statement | undefined) => s?.estado === STATE.CONCILIANDO || s?.estado === STATE.CONFIRMANDO;
const countOf = (s: Statement, g: MatchGroup) =>
  g === STATE.CONCILIADO ? s.conciliados : g === STATE.AMBIGUO ? s.ambiguos : s.sin_conciliar;

export default function StatementPage() {
  const [chosen, setSelected] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [group, setGroup] = useState<MatchGroup>(STATE.CONCILIADO);
  const { page, setPage, first } = usePaging(PER_PAGE);
  const [asking, setAsking] = useState(false);
  const { uploading, progress, send } = useUpload();
  const list = useRead(keyOf(STATEMENT_API), async (signal) => (await listStatements(signal)).data);
  // The statement shown: the one chosen, else the newest (a reload does not lose what was open).
  const selected = chosen ?? list.data?.[0]?.id ?? null;
  const current = useRead(
    selected ? keyOf(`${STATEMENT_API}/${selected}`) : null,
    async (signal) => (await getStatement(selected!, signal)).data,
  );
  const movements = useRead(
    selected ? keyOf(`${STATEMENT_API}/${selected}/movimientos`, group, page) : null,
    async (signal) =>
      await getMovements(selected!, { grupo: group, page: String(page), perPage: String(PER_PAGE) }, signal),
    { keepPrevious: true },
  );
  const s = current.data;

  // The server stops after each bounded step; ask it to go on while it is still working.
  const stepping = useRef(false);
  useEffect(() => {
    if (!selected || !busy(s) || stepping.current) return;
    stepping.current = true;
    void advance(selected)
      .catch(() => undefined)
      .finally(() => {
        stepping.current = false;
        void invalidate(STATEMENT_API);
      });
  }, [selected, s]);

  const confirm = useWrite({
    send: () => confirmMatched(selected!),
    invalidates: [STATEMENT_API, '/miscompras'],
  });

  async function importFile() {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    const res = await send<{ data: Statement }>(STATEMENT_API, form);
    if (!res) return;
    setFile(null);
    setSelected(res.data.id);
    setGroup(STATE.CONCILIADO);
    first();
    void invalidate(STATEMENT_API);
  }

  return (
    <section className="grid gap-6">
      <PageHeader
        title="Conciliación bancaria"
        description="Suba los movimientos del banco (.xlsx o .csv con Fecha, Valor y Descripción o Referencia): se cruzan con las compras sin pagar por referencia de pago y valor."
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <span className="text-sm font-medium">Extracto bancario</span>
          <div className="flex flex-wrap items-center gap-3">
            <FilePickButton
              label={file ? 'Elegir otro archivo' : 'Elegir archivo'}
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={uploading}
              onFiles={([f]) => setFile(f ?? null)}
            />
            <span className="text-sm text-muted-foreground">
              {file ? file.name : 'Ningún archivo elegido'}
            </span>
          </div>
        </div>
        <Button onClick={() => void importFile()} disabled={!file || uploading}>
          {uploading ? `Subiendo… ${progress ?? 0}%` : 'Importar extracto'}
        </Button>
      </div>

      {list.status === 'error' ? (
        <ErrorState onRetry={list.reload} />
      ) : list.status !== 'ready' ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Cargando extractos">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState
          title="Todavía no hay extractos importados"
          text="Suba el primer extracto del banco para cruzarlo con las compras."
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Fecha</TableHead>
              <TableHead>Archivo</TableHead>
              <TableHead>Estado</TableHead>
              <TableHead className="text-end">Movimientos</TableHead>
              <TableHead className="text-end">Confirmadas</TableHead>
              <TableHead>Importado por</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.map((r) => (
              <TableRow key={r.id} data-state={r.id === selected ? 'selected' : undefined}>
                <TableCell>{formatDateTime(r.created_at)}</TableCell>
                <TableCell>
                  <Button
                    variant="link"
                    className="h-auto p-0"
                    onClick={() => {
                      setSelected(r.id);
                      first();
                    }}
                  >
                    {r.archivo}
                  </Button>
                </TableCell>
                <TableCell>{r.estado}</TableCell>
                <TableCell className="text-end">{r.movimientos}</TableCell>
                <TableCell className="text-end">{r.confirmadas}</TableCell>
                <TableCell>{r.user_name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      {s && (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted-foreground text-sm" role="status">
              Extracto #{s.id} · {s.archivo} · {s.estado}
              {busy(s)
                ? ` · procesando (${formatNumber(s.movimientos - s.pendientes)} de ${plural(s.movimientos, 'movimiento cruzado', 'movimientos cruzados')})`
                : ''}
              {s.confirmadas ? ` · ${plural(s.confirmadas, 'compra confirmada', 'compras confirmadas')}` : ''}
            </p>
            <Button
              onClick={() => setAsking(true)}
              disabled={s.estado !== STATE.LISTO || s.por_confirmar === 0 || confirm.busy}
            >
              Confirmar todas las conciliadas
            </Button>
          </div>
          <Tabs
            value={group}
            onValueChange={(g) => {
              setGroup(g as MatchGroup);
              first();
            }}
          >
            <TabsList>
              {MATCH_GROUPS.map((g) => (
                <TabsTrigger key={g} value={g}>
                  {MATCH_GROUP_LABELS[g]} ({countOf(s, g)})
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="text-end">Fila</TableHead>
                <TableHead>Fecha</TableHead>
                <TableHead className="text-end">Valor</TableHead>
                <TableHead>Descripción</TableHead>
                <TableHead>Compra</TableHead>
                <TableHead>{group === STATE.CONCILIADO ? 'Confirmación' : 'Motivo'}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(movements.data?.data ?? []).map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="text-end">{m.fila}</TableCell>
                  <TableCell>{m.fecha}</TableCell>
                  <TableCell className="text-end">{formatMoney(m.valor)}</TableCell>
                  <TableCell className="max-w-80 truncate" title={m.descripcion}>
                    {m.descripcion}
                  </TableCell>
                  <TableCell>
                    {m.compra_id ? (
                      <Link className="underline" to={`/app/administracion/compras/view/${m.compra_id}`}>
                        #{m.compra_id} ({m.referencia})
                      </Link>
                    ) : m.candidatos.length ? (
                      m.candidatos.map((c, i) => (
                        <span key={c}>
                          {i > 0 && ', '}
                          <Link className="underline" to={`/app/administracion/compras/view/${c}`}>
                            #{c}
                          </Link>
                        </span>
                      ))
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell>
                    {group === STATE.CONCILIADO
                      ? m.confirmacion === STATE.CONFIRMADA
                        ? 'Confirmada'
                        : m.confirmacion === STATE.YA_PAGADA || m.compra_estado === STATE.PAGADO
                          ? 'Ya estaba pagada'
                          : 'Por confirmar'
                      : m.motivo}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {(movements.data?.total ?? 0) > PER_PAGE && (
            <DataGridPagination
              label="Páginas de movimientos"
              noun={['movimiento', 'movimientos']}
              page={page}
              perPage={PER_PAGE}
              total={movements.data?.total ?? 0}
              busy={movements.fetching}
              onPage={setPage}
            />
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        description={
          s
            ? `Se confirmará el pago de ${plural(s.por_confirmar, 'compra conciliada', 'compras conciliadas')}${
                s.conciliados > s.por_confirmar
                  ? ` (${plural(s.conciliados - s.por_confirmar, 'ya estaba pagada', 'ya estaban pagadas')})`
                  : ''
              }. ¿Desea continuar?`
            : undefined
        }
        onConfirm={() => {
          setAsking(false);
          void confirm.run();
        }}
      />
    </section>
  );
}
