// /app/centrodeayuda/sugerencias (decision 0012): send a suggestion and follow one's own; the
// administrators also see every suggestion and change its state with a comentario.
import { P } from '@shared/permissions';
import { BULK_STATES } from '@shared/schemas/bulk';
import { useCallback } from 'react';
import { PageHeader } from '@/components/feedback/page-header';
import { StatusMenu } from '@/components/status/status-menu';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  col,
  DATE_FILTER,
  meta,
  moduleOf,
  StackCell,
  STATE_FILTER,
  str,
  USER_FILTER,
} from '@/features/help/help-columns';
import { bulkStateChange } from '@/components/data-grid/bulk-actions';
import { type GridColumn, type GridContext, ServerGrid } from '@/components/data-grid/server-grid';
import { type HelpTab, HelpTabs } from '@/features/help/help-tabs';
import { useGoToTab } from '@/lib/use-tab-param';
import {
  HELP_API,
  listOwnSuggestions,
  listSuggestions,
  type OwnSuggestion,
  type Suggestion,
  setSuggestionState,
} from '@/features/help/help-api';
import { SuggestionForm } from '@/features/help/suggestion-form';
import { useSession } from '@/lib/session';

const BASE = `${HELP_API}/sugerencias`;
const BULK = bulkStateChange(BULK_STATES.ayuda);
const suggestion: GridColumn<OwnSuggestion | Suggestion> = {
  field: 'descripcion',
  header: 'Sugerencia',
  render: (r) => (
    <StackCell title={str(r.titulo)} text={str(r.descripcion)} note={meta(moduleOf(r), r.tipo_sugerencia)} />
  ),
};
const DEFAULT_SORT = { field: 'created_at', dir: 'desc' } as const;
const OWN_COLUMNS: GridColumn<OwnSuggestion>[] = [col.id, col.fecha, suggestion, col.estado];
const ALL_COLUMNS: GridColumn<Suggestion>[] = [
  col.id,
  col.fecha,
  { ...col.usuario, render: (r) => <StackCell title={str(r.user_name)} note={str(r.correo)} /> },
  suggestion,
  col.estado,
];
const OWN_FILTERS = [STATE_FILTER, DATE_FILTER];
const ALL_FILTERS = [
  STATE_FILTER,
  USER_FILTER,
  { field: 'correo', label: 'Correo', kind: 'text' as const },
  DATE_FILTER,
];

function SendTab() {
  const goTo = useGoToTab();
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Nueva sugerencia</CardTitle>
        <CardDescription>
          Cuéntanos qué mejorarías. Los campos marcados con * son obligatorios.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SuggestionForm onSent={() => goTo('mias')} />
      </CardContent>
    </Card>
  );
}

export default function SuggestionsPage() {
  const { can } = useSession();
  const adminActions = useCallback(
    (row: Suggestion, { reload }: GridContext) => (
      <StatusMenu
        size="sm"
        current={row.estado}
        send={(body) => setSuggestionState(row.id, body)}
        onDone={reload}
        ariaLabel={`Estados de la sugerencia ${row.id}`}
      />
    ),
    [],
  );
  const tabs: HelpTab[] = [
    { value: 'enviar', label: 'Enviar sugerencia', content: <SendTab /> },
    {
      value: 'mias',
      label: 'Mis sugerencias',
      content: (
        <ServerGrid
          defaultSort={DEFAULT_SORT}
          label="Mis sugerencias"
          endpoint={BASE}
          list={listOwnSuggestions}
          columns={OWN_COLUMNS}
          filters={OWN_FILTERS}
        />
      ),
    },
  ];
  if (can(P.controlCentroDeAyuda))
    tabs.push({
      value: 'control',
      label: 'Todas las sugerencias',
      content: (
        <ServerGrid
          defaultSort={DEFAULT_SORT}
          label="Todas las sugerencias"
          endpoint={`${BASE}/control`}
          list={listSuggestions}
          columns={ALL_COLUMNS}
          filters={ALL_FILTERS}
          actions={adminActions}
          bulk={BULK}
        />
      ),
    });
  return (
    <section className="grid gap-6">
      <PageHeader title="Sugerencias" description="Envía tus sugerencias y revisa en qué estado están." />
      <HelpTabs tabs={tabs} />
    </section>
  );
}
