// /app/consultas/suscripciones (every subscription, filters, export) and
// /app/administracion/suscripciones/control (the same list with the 'Estados' menu).
import { P } from '@shared/permissions';
import { BULK_STATES } from '@shared/schemas/bulk';
import { useCallback } from 'react';
import { PageHeader } from '@/components/feedback/page-header';
import { StatusMenu } from '@/components/status/status-menu';
import { ADMIN_SUBSCRIPTION_COLUMNS, ADMIN_SUBSCRIPTION_FILTERS } from '@/features/shop/shop-columns';
import { bulkStateChange } from '@/components/data-grid/bulk-actions';
import { type GridContext, ServerGrid } from '@/components/data-grid/server-grid';
import {
  listSubscriptions,
  SHOP_API,
  type SubscriptionRow,
  setSubscriptionState,
} from '@/features/shop/shop-api';
import { useSession } from '@/lib/session';
import { STATE } from '@shared/workflow';

const BASE = `${SHOP_API}/admin/suscripciones`;
const EXPORTS = [{ label: 'Exportar', path: `${BASE}/excel`, fileName: 'suscripciones.xlsx' }];
const BULK = bulkStateChange(BULK_STATES.suscripciones);

export function SubscriptionsAdmin({ control }: { control: boolean }) {
  const { can } = useSession();
  const canChange = control && can(P.controlSuscripciones);
  const actions = useCallback(
    (row: SubscriptionRow, { reload }: GridContext) => (
      // A VENCIDA subscription is stored APROBADO: its choices are APROBADO's.
      <StatusMenu
        size="sm"
        current={row.estado === 'VENCIDA' ? STATE.APROBADO : row.estado}
        send={(body) => setSubscriptionState(row.id, body)}
        onDone={reload}
      />
    ),
    [],
  );
  return (
    <section className="grid gap-6">
      <PageHeader title={control ? 'Control de suscripciones' : 'Consulta de suscripciones'} />
      <ServerGrid
        label="Suscripciones"
        endpoint={BASE}
        list={listSubscriptions}
        columns={ADMIN_SUBSCRIPTION_COLUMNS}
        filters={ADMIN_SUBSCRIPTION_FILTERS}
        defaultSort={{ field: 'created_at', dir: 'desc' }}
        actions={canChange ? actions : undefined}
        bulk={canChange ? BULK : undefined}
        exports={EXPORTS}
      />
    </section>
  );
}

export default function SubscriptionsQueryPage() {
  return <SubscriptionsAdmin control={false} />;
}
