// The purchase history, referrals, bonus cycles and notifications of a member (empty: the spec's
// empty state).
import { EmptyState } from '@/components/feedback/empty-state';
import { StatusChip } from '@/components/status/status-chip';
import { ReferralsTable, type ReferralRow } from '@/components/referrals/referrals-table';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';

type Purchase = {
  id: number;
  total_items: number;
  total: number;
  estado: string | null;
  created_at: number;
  pagado_at: number | null;
};
type BonusCycle = {
  id: number;
  clave: string;
  total: number;
  lineas: number;
  estado: string;
  pagado_at: number | null;
};
type Notice = {
  id: number;
  titulo: string;
  mensaje: string | null;
  leida_at: number | null;
  created_at: number;
};

export function PurchasesTable({ rows }: { rows: Purchase[] }) {
  if (!rows.length) return <EmptyState />;
  return (
    <Table aria-label="Historial de compras">
      <TableHeader>
        <TableRow>
          <TableHead>Compra</TableHead>
          <TableHead>Fecha</TableHead>
          <TableHead className="text-end">Productos</TableHead>
          <TableHead className="text-end">Total</TableHead>
          <TableHead>Estado</TableHead>
          <TableHead>Pagado</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>#{r.id}</TableCell>
            <TableCell>{formatDateTime(r.created_at)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(r.total_items)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatMoney(r.total)}</TableCell>
            <TableCell>
              <StatusChip status={r.estado} />
            </TableCell>
            <TableCell>{formatDateTime(r.pagado_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ReferralsTab({ rows }: { rows: ReferralRow[] }) {
  if (!rows.length) return <EmptyState />;
  return <ReferralsTable rows={rows} label="Referidos" />;
}

export function BonusCyclesTable({ rows }: { rows: BonusCycle[] }) {
  if (!rows.length) return <EmptyState />;
  return (
    <Table aria-label="Bonos">
      <TableHeader>
        <TableRow>
          <TableHead>Ciclo</TableHead>
          <TableHead className="text-end">Líneas</TableHead>
          <TableHead className="text-end">Total</TableHead>
          <TableHead>Estado</TableHead>
          <TableHead>Pagado</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{r.clave}</TableCell>
            <TableCell className="text-end tabular-nums">{formatNumber(r.lineas)}</TableCell>
            <TableCell className="text-end tabular-nums">{formatMoney(r.total)}</TableCell>
            <TableCell>
              <StatusChip status={r.estado} />
            </TableCell>
            <TableCell>{formatDateTime(r.pagado_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function NotificationsList({ rows }: { rows: Notice[] }) {
  if (!rows.length) return <EmptyState />;
  return (
    <ul aria-label="Notificaciones del usuario" className="divide-y rounded-lg border">
      {rows.map((n) => (
        <li key={n.id} className="grid gap-0.5 px-4 py-3 text-sm">
          <span className="font-medium">{n.titulo}</span>
          {n.mensaje && <span className="text-muted-foreground">{n.mensaje}</span>}
          <span className="text-xs text-muted-foreground">
            {formatDateTime(n.created_at)} · {n.leida_at ? 'Leída' : 'Sin leer'}
          </span>
        </li>
      ))}
    </ul>
  );
}
