// Who looked (docs/privacy.md «Quién consultó», decision 0405): the access records of one
// member, newest first, as a list that reads on a phone without sideways scrolling. The member sees
// the area, the datum, the role and when; the rights desk also who it was and from where.
import { formatDateTime } from '@/lib/format';

export type AccessRow = {
  fecha: string;
  area: string;
  dato: string;
  rol: string;
  usuario?: string | null;
  ip?: string | null;
};

export function AccessList({ rows, label, empty }: { rows: AccessRow[]; label: string; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2" aria-label={label}>
      {rows.map((r, i) => (
        <li key={i} className="grid gap-0.5 rounded-md border p-3 text-sm">
          <p className="font-medium">{r.dato}</p>
          <p className="text-muted-foreground">
            {r.area} · {r.rol || 'Sin rol'}
            {r.usuario ? ` · ${r.usuario}` : ''}
            {r.ip ? ` · ${r.ip}` : ''}
          </p>
          <p className="text-xs text-muted-foreground tabular-nums">{formatDateTime(r.fecha)}</p>
        </li>
      ))}
    </ul>
  );
}
