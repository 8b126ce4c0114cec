// The platform's figures people read rather than look at: this month's purchases, subscriptions,
// and the review queues waiting for someone.
import { P } from '@shared/permissions';
import {
  BadgeCheckIcon,
  CalendarClockIcon,
  CircleDollarSignIcon,
  IdCardIcon,
  ReceiptTextIcon,
  UserRoundSearchIcon,
} from 'lucide-react';
import { monthLabel } from '@/features/dashboard/chart-format';
import { links } from '@/features/dashboard/dashboard-links';
import type { PlatformFigures } from '@/features/dashboard/use-dashboard';
import { StatTile } from '@/features/dashboard/stat-tile';
import { agoLabel, formatMoney, formatNumber } from '@/lib/format';
import { STATE } from '@shared/workflow';

const purchases = (n: number) => `${formatNumber(n)} ${n === 1 ? 'compra' : 'compras'}`;

export function PlatformTiles({ data, now }: { data: PlatformFigures; now: number }) {
  const { compras_mes: month, suscripciones: subs, perfiles_pendientes: profiles } = data;
  const identityPending = data.validacion_identidad.find((v) => v.estado === STATE.PENDIENTE)?.total ?? 0;
  const mes = monthLabel(month.mes ?? '');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatTile
        icon={CircleDollarSignIcon}
        tone="success"
        label={`Compras pagadas en ${mes}`}
        value={formatMoney(month.pagado.valor)}
        hint={purchases(month.pagado.total)}
        to={links.paidPurchases(month.mes ?? '')}
        permission={P.controlCompras}
      />
      <StatTile
        icon={ReceiptTextIcon}
        tone={month.no_pagado.total ? 'danger' : 'default'}
        label={`Compras sin pagar de ${mes}`}
        value={formatMoney(month.no_pagado.valor)}
        hint={purchases(month.no_pagado.total)}
        to={links.unpaidPurchases(month.mes ?? '')}
        permission={P.controlCompras}
      />
      <StatTile
        icon={BadgeCheckIcon}
        tone="success"
        label="Suscripciones activas"
        value={formatNumber(subs.activas)}
        hint="Aprobadas y vigentes hoy"
        to={links.activeSubscriptions}
        permission={P.consultaSuscripciones}
      />
      <StatTile
        icon={CalendarClockIcon}
        tone={subs.vencen_30_dias ? 'warning' : 'default'}
        label="Vencen en los próximos 30 días"
        value={formatNumber(subs.vencen_30_dias)}
        hint="Suscripciones por renovar"
        to={links.expiringSubscriptions(now)}
        permission={P.consultaSuscripciones}
      />
      <StatTile
        icon={UserRoundSearchIcon}
        tone={profiles.total ? 'warning' : 'default'}
        label="Perfiles por revisar"
        value={formatNumber(profiles.total)}
        hint={
          profiles.horas_mas_antiguo === null
            ? 'Ninguno en espera'
            : `El más antiguo espera ${agoLabel(profiles.horas_mas_antiguo)}`
        }
        to={links.pendingProfiles}
        permission={P.controlPerfil}
      />
      <StatTile
        icon={IdCardIcon}
        tone={identityPending ? 'warning' : 'default'}
        label="Identidades por revisar"
        value={formatNumber(identityPending)}
        hint="Validaciones de identidad pendientes"
        to={links.identity(STATE.PENDIENTE)}
        permission={P.controlInformacionPersonal}
      />
    </div>
  );
}
