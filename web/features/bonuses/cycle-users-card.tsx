// One cycle's beneficiaries: filter, sort, select rows and mark them PAGADO in bulk, change one
// row with the Estados menu, open a row's lines, export the settlement Excel.
import { MSG } from '@shared/messages';
import { BadgeCheckIcon, EyeIcon, FileSpreadsheetIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { StatusMenu } from '@/components/status/status-menu';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney, formatNumber, plural } from '@/lib/format';
import { download } from '@/lib/transfer';
import type { Cycle, CycleUserRow } from '@/features/bonuses/bonus-api';
import { cycleLabel } from '@/features/bonuses/cycle-label';
import { CycleRowDialog } from '@/features/bonuses/cycle-row-dialog';
import { CycleUsersGrid, cycleUsersEndpoint } from '@/features/bonuses/cycle-users-grid';
import { PayDialog } from '@/features/bonuses/pay-dialog';
import { type Selection, selectedTotal } from '@/features/bonuses/selection';
import { invalidate } from '@/lib/query';
import { setCycleUserState } from '@/features/bonuses/bonus-api';

export function CycleUsersCard({ cycle, onChanged }: { cycle: Cycle; onChanged: () => void }) {
  const [selection, setSelection] = useState<Selection>(new Map());
  const [paying, setPaying] = useState(false);
  const [detail, setDetail] = useState<CycleUserRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const label = cycleLabel(cycle.clave);

  useEffect(() => setSelection(new Map()), [cycle.id]);

  const refresh = useCallback(() => {
    void invalidate(cycleUsersEndpoint(cycle.id));
    onChanged();
  }, [cycle.id, onChanged]);

  const actions = useCallback(
    (row: CycleUserRow) => (
      <div className="flex items-center justify-end gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Ver detalle de ${row.user_name}`}
          onClick={() => setDetail(row)}
        >
          <EyeIcon />
        </Button>
        <StatusMenu
          size="sm"
          current={row.estado}
          // A row the payout rules hold back (below the minimum, negative, carried, in a batch)
          // cannot be marked PAGADO; its Estado cell says why.
          choices={row.bloqueo ? [] : undefined}
          send={(body) => setCycleUserState(row.id, body)}
          ariaLabel={`Estados de ${row.user_name}`}
          onDone={() => {
            setSelection((s) => {
              const next = new Map(s);
              next.delete(row.id);
              return next;
            });
            refresh();
          }}
        />
      </div>
    ),
    [refresh],
  );

  const exportExcel = async () => {
    setExporting(true);
    await download(`/bonos/ciclos/${cycle.id}/excel`, undefined, `liquidacion-${cycle.clave}.xlsx`);
    setExporting(false);
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Usuarios del ciclo {label}</CardTitle>
            <CardDescription>
              {plural(cycle.usuarios, 'usuario', 'usuarios')} · pendiente {formatMoney(cycle.pendiente)} ·
              pagado {formatMoney(cycle.pagado)}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={selection.size === 0}
              onClick={() => setPaying(true)}
              title={selection.size === 0 ? MSG.selectRows : undefined}
            >
              <BadgeCheckIcon />
              Marcar como PAGADO{selection.size > 0 && ` (${formatNumber(selection.size)})`}
            </Button>
            <Button variant="outline" disabled={exporting} onClick={exportExcel}>
              {exporting ? <Spinner /> : <FileSpreadsheetIcon />}
              Exportar Excel
            </Button>
          </div>
        </div>
        {selection.size > 0 && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(selection.size, 'seleccionado', 'seleccionados')} por{' '}
            {formatMoney(selectedTotal(selection))}.{' '}
            <button
              type="button"
              className="text-primary underline-offset-4 hover:underline"
              onClick={() => setSelection(new Map())}
            >
              Quitar selección
            </button>
          </p>
        )}
      </CardHeader>
      <CardContent>
        <CycleUsersGrid
          label={`Usuarios del ciclo ${label}`}
          cycleId={cycle.id}
          selection={selection}
          onSelection={setSelection}
          actions={actions}
        />
      </CardContent>
      <PayDialog
        open={paying}
        selection={selection}
        onClose={() => setPaying(false)}
        onDone={() => {
          setPaying(false);
          setSelection(new Map());
          refresh();
        }}
      />
      <CycleRowDialog row={detail} clave={cycle.clave} onClose={() => setDetail(null)} />
    </Card>
  );
}
