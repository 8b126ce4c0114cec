// A member's referrals as one table, wherever they are read: his own levels in Mis referidos (with
// each one's sponsor) and the registered user's «Referidos» tab.
import { ToneChip } from '@/components/status/tone-chip';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';

export type ReferralRow = {
  id: number;
  user_name: string;
  nivel: number;
  estado_suscripcion?: string | null;
  created_at: number | string;
  patrocinador?: string | null;
};

export function ReferralsTable({
  rows,
  label,
  sponsor = false,
}: {
  rows: ReferralRow[];
  label: string;
  /** A «Patrocinador» column (a level below the first has other sponsors than the member). */
  sponsor?: boolean;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Usuario</TableHead>
          {sponsor && <TableHead>Patrocinador</TableHead>}
          <TableHead className="text-end">Nivel</TableHead>
          <TableHead>Estado de suscripción</TableHead>
          <TableHead>Fecha de registro</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell className="font-medium">{r.user_name}</TableCell>
            {sponsor && <TableCell>{r.patrocinador ?? '—'}</TableCell>}
            <TableCell className="text-end tabular-nums">{r.nivel}</TableCell>
            <TableCell>
              <ToneChip status={r.estado_suscripcion} />
            </TableCell>
            <TableCell>{formatDateTime(r.created_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
