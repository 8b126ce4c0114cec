// /app/centrodeayuda/agendardemostracion (decision 0012): request a demonstration with three
// date options; the administrators confirm one (mailed to the requester) or decline it.
import { P } from '@shared/permissions';
import { DEMO_DECLINE } from '@shared/schemas/help';
import { CalendarCheckIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { PageHeader } from '@/components/feedback/page-header';
import { StatusMenu } from '@/components/status/status-menu';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDemoDialog } from '@/features/help/confirm-demo-dialog';
import { DemoForm } from '@/features/help/demo-form';
import { DemoOptionsCell } from '@/features/help/demo-options-cell';
import {
  col,
  DATE_FILTER,
  meta,
  StackCell,
  STATE_FILTER,
  str,
  USER_FILTER,
} from '@/features/help/help-columns';
import { type GridColumn, type GridContext, ServerGrid } from '@/components/data-grid/server-grid';
import { type HelpTab, HelpTabs } from '@/features/help/help-tabs';
import { useGoToTab } from '@/lib/use-tab-param';
import {
  type Demo,
  HELP_API,
  listDemos,
  listOwnDemos,
  type OwnDemo,
  setDemoState,
} from '@/features/help/help-api';
import { useSession } from '@/lib/session';
import { STATE } from '@shared/workflow';

const BASE = `${HELP_API}/agendardemostraciones`;
const options: GridColumn<OwnDemo | Demo> = {
  field: 'opciones',
  header: 'Opciones de fecha',
  render: (r) => <DemoOptionsCell demo={r} />,
};
const DEFAULT_SORT = { field: 'created_at', dir: 'desc' } as const;
const OWN_COLUMNS: GridColumn<OwnDemo>[] = [
  col.id,
  col.fecha,
  {
    field: 'empresa',
    header: 'Solicitante',
    sortable: true,
    render: (r) => <StackCell title={str(r.empresa)} note={meta(r.nombre, r.cargo)} />,
  },
  options,
  col.estado,
];
const ALL_COLUMNS: GridColumn<Demo>[] = [
  col.id,
  col.fecha,
  {
    field: 'empresa',
    header: 'Solicitante',
    sortable: true,
    render: (r) => (
      <StackCell
        title={str(r.empresa)}
        text={meta(r.nombre, r.cargo)}
        note={meta(r.email, r.celular, `usuario ${str(r.user_name)}`)}
      />
    ),
  },
  options,
  col.estado,
];
const OWN_FILTERS = [STATE_FILTER, DATE_FILTER];
const ALL_FILTERS = [
  STATE_FILTER,
  USER_FILTER,
  { field: 'empresa', label: 'Empresa', kind: 'text' as const },
  DATE_FILTER,
];

function RequestTab() {
  const goTo = useGoToTab();
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle>Solicitar demostración</CardTitle>
        <CardDescription>
          Propón tres fechas y horas; confirmaremos una por correo. Los campos marcados con * son
          obligatorios.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DemoForm onSent={() => goTo('mias')} />
      </CardContent>
    </Card>
  );
}

function ControlTab() {
  const [confirming, setConfirming] = useState<{ demo: Demo; reload: () => void } | null>(null);
  const actions = useCallback(
    (row: Demo, { reload }: GridContext) => (
      <>
        <Button
          variant="ghost"
          size="icon"
          title="Confirmar una fecha"
          disabled={row.estado !== STATE.PENDIENTE}
          onClick={() => setConfirming({ demo: row, reload })}
          aria-label={`Confirmar la demostración ${row.id}`}
        >
          <CalendarCheckIcon />
        </Button>
        <StatusMenu
          size="sm"
          current={row.estado}
          send={(body) => setDemoState(row.id, body)}
          table={DEMO_DECLINE}
          onDone={reload}
          ariaLabel={`Estados de la demostración ${row.id}`}
        />
      </>
    ),
    [],
  );
  return (
    <>
      <ServerGrid
        defaultSort={DEFAULT_SORT}
        label="Solicitudes de demostración"
        endpoint={`${BASE}/control`}
        list={listDemos}
        columns={ALL_COLUMNS}
        filters={ALL_FILTERS}
        actions={actions}
      />
      <ConfirmDemoDialog
        demo={confirming?.demo ?? null}
        onClose={() => setConfirming(null)}
        onDone={() => confirming?.reload()}
      />
    </>
  );
}

export default function DemosPage() {
  const { can } = useSession();
  const tabs: HelpTab[] = [
    { value: 'solicitar', label: 'Solicitar demostración', content: <RequestTab /> },
    {
      value: 'mias',
      label: 'Mis solicitudes',
      content: (
        <ServerGrid
          defaultSort={DEFAULT_SORT}
          label="Mis solicitudes de demostración"
          endpoint={BASE}
          list={listOwnDemos}
          columns={OWN_COLUMNS}
          filters={OWN_FILTERS}
        />
      ),
    },
  ];
  if (can(P.controlCentroDeAyuda))
    tabs.push({ value: 'control', label: 'Todas las solicitudes', content: <ControlTab /> });
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Agendar demostración"
        description="Agenda una demostración guiada de la plataforma para tu equipo."
      />
      <HelpTabs tabs={tabs} />
    </section>
  );
}
