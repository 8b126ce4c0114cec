// The member's current (or latest) subscription: its state chip and dates.
import { P } from '@shared/permissions';
import { ToneChip } from '@/components/status/tone-chip';
import { daysLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import type { MemberFigures } from '@/features/dashboard/use-dashboard';
import { FigureCard } from '@/features/dashboard/figure-card';
import { FigureRow } from '@/features/dashboard/figure-pair';
import { formatDate } from '@/lib/format';
import { STATE } from '@shared/workflow';

const DAY = 86_400_000;

function remaining(s: NonNullable<MemberFigures['suscripcion']>, now: number): string | null {
  if (s.estado !== STATE.APROBADO || !s.fecha_fin) return null;
  return `Vence en ${daysLabel(Math.max(0, Math.ceil((s.fecha_fin - now) / DAY)))}`;
}

export function SubscriptionCard({ data, now }: { data: MemberFigures['suscripcion']; now: number }) {
  return (
    <FigureCard
      title="Mi suscripción"
      description={data ? (remaining(data, now) ?? 'Tu suscripción más reciente') : undefined}
      link={{ to: links.mySubscriptions, permission: P.misCompras }}
      empty={!data}
      emptyText="Aún no tienes una suscripción"
    >
      {data && (
        <div className="grid gap-3">
          <div className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">Estado</span>
            <ToneChip status={data.estado} />
          </div>
          <FigureRow
            figures={[
              { label: 'Inicio', value: data.fecha_inicio ? formatDate(data.fecha_inicio) : 'Por definir' },
              { label: 'Fin', value: data.fecha_fin ? formatDate(data.fecha_fin) : 'Por definir' },
            ]}
          />
        </div>
      )}
    </FigureCard>
  );
}
