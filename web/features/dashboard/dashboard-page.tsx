// /app/reports/dashboard: the platform's figures for administrators (when the API
// sends `plataforma`) and the member's own; every figure links to the grid that lists it.
import { MSG } from '@shared/messages';
import { P } from '@shared/permissions';
import { RotateCwIcon } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageHeader } from '@/components/feedback/page-header';
import { Button } from '@/components/ui/button';
import { FirstRunChecklist, useChecklist } from '@/features/dashboard/first-run-checklist';
import { InvoicingWarnings } from '@/features/dashboard/invoicing-warnings';
import { DashboardSkeleton } from '@/features/dashboard/dashboard-skeleton';
import { MemberSection } from '@/features/dashboard/member-section';
import { PlatformSection } from '@/features/dashboard/platform-section';
import { useDashboard } from '@/features/dashboard/use-dashboard';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';

const MEMBER_BLOCKS = [P.misCompras, P.bonos, P.referidos];

export default function DashboardPage() {
  const state = useDashboard();
  const { reload } = state;
  const checklist = useChecklist();
  const { can } = useSession();
  // The placeholders stay until both replies are in: a checklist landing after the figures would
  // push them down the page (a layout shift of ~0.8 on a phone).
  const loading = state.status === 'loading' || checklist.status === 'loading';
  const ready = !loading && state.status === 'ready' ? state : null;
  const busy = loading || !!ready?.fetching;
  return (
    <section className="grid gap-6" aria-busy={busy}>
      <PageHeader
        title="Tablero"
        description={
          ready
            ? `Actualizado: ${formatDateTime(ready.data.generado_at)}`
            : 'Cifras de la plataforma y tus propias cifras'
        }
        actions={
          <Button variant="outline" size="sm" onClick={reload} disabled={busy}>
            <RotateCwIcon className={busy ? 'animate-spin' : undefined} />
            Actualizar
          </Button>
        }
      />
      {!loading && <FirstRunChecklist pending={checklist.data?.data.pendientes ?? []} />}
      {!loading && <InvoicingWarnings />}
      {loading && <DashboardSkeleton />}
      {!loading &&
        state.status === 'error' &&
        (state.error.forbidden ? (
          <EmptyState
            title={MSG.forbidden}
            text="Solicita los privilegios correspondientes al administrador del sistema."
          />
        ) : (
          <ErrorState onRetry={reload} />
        ))}
      {ready && (
        <>
          {ready.data.plataforma && (
            <PlatformSection data={ready.data.plataforma} now={ready.data.generado_at} />
          )}
          <MemberSection
            data={ready.data.miembro}
            now={ready.data.generado_at}
            heading={!!ready.data.plataforma}
          />
          {!ready.data.plataforma && !MEMBER_BLOCKS.some((p) => can(p)) && (
            <EmptyState text="No tienes permisos para ver ninguna de las cifras del tablero." />
          )}
        </>
      )}
    </section>
  );
}
