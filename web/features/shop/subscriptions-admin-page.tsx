// /app/consultas/suscripciones (every subscription, filters, export) and
// /app/administracion/suscripciones/control (the same list with the 'Estados' menu).
import { P } from '@shared/permissions';
import { useCallback } from 'react';
import type { Row } from '@/components/data-grid/use-grid-query';
import { PageHeader } from '@/components/feedback/page-header';
import { StatusMenu } from '@/components/status/status-menu';
import { ADMIN_SUBSCRIPTION_COLUMNS, ADMIN_SUBSCRIPTION_FILTERS } from '@/features/shop/shop-columns';
import { ShopGrid } from '@/features/shop/shop-grid';
import { SHOP_API } from '@/features/shop/shop-api';
import { useSession } from '@/lib/session';
import { client, ok } from '@/lib/client';

const BASE = `${SHOP_API}/admin/suscripciones`;

export function SubscriptionsAdmin({ control }: { control: boolean }) {
  const { can } = useSession();
  const canChange = control && can(P.controlSuscripciones);
  const actions = useCallback(
    (row: Row, reload: () => void) => (
      // A VENCIDA subscription is stored APROBADO: its choices are APROBADO's.
      <StatusMenu
        size="sm"
        current={row.estado === 'VENCIDA' ? 'APROBADO' : (row.estado as string)}
        send={(body) =>
          ok(
            client.miscompras.admin.suscripciones.estado[':id{[0-9]+}'].$put({
              param: { id: String(row.id) },
              json: body,
            }),
          )
        }
        onDone={reload}
      />
    ),
    [],
  );
  return (
    <section className="grid gap-6">
      <PageHeader title={control ? 'Control de suscripciones' : 'Consulta de suscripciones'} />
      <ShopGrid
        label="Suscripciones"
        endpoint={BASE}
        columns={ADMIN_SUBSCRIPTION_COLUMNS}
        filters={ADMIN_SUBSCRIPTION_FILTERS}
        defaultSort={{ field: 'created_at', dir: 'desc' }}
        actions={canChange ? actions : undefined}
        exports={[{ label: 'Exportar', path: `${BASE}/excel`, fileName: 'suscripciones.xlsx' }]}
      />
    </section>
  );
}

export default function SubscriptionsQueryPage() {
  return <SubscriptionsAdmin control={false} />;
}
