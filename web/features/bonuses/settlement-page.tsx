// /app/administracion/liquidacionbonos: run a closed month (preview first), follow each cycle's
// totals and progress, and pay its beneficiaries (one, many, Excel for the transfers).
import { MSG } from '@shared/messages';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import { ReadView } from '@/components/feedback/read-view';
import { PageHeader } from '@/components/feedback/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from 'sonner';
import { useWrite } from '@/lib/mutation';
import { type Cycle, getCycles, settleCycle } from '@/features/bonuses/bonus-api';
import { CycleUsersCard } from '@/features/bonuses/cycle-users-card';
import { CyclesTable } from '@/features/bonuses/cycles-table';
import { SettlePanel } from '@/features/bonuses/settle-panel';
import { PayoutPanel } from '@/features/bonuses/payout-panel';
import { P } from '@shared/permissions';
import { useSession } from '@/lib/session';
import { ReviewPanels, ReviewSettingsCard } from '@/features/bonuses/review-panels';
import { keyOf, useRead } from '@/lib/query';
import { STATE } from '@shared/workflow';

export default function SettlementPage() {
  const res = useRead(keyOf('/bonos/ciclos'), getCycles);
  const cycles = res.data?.data ?? [];
  const [params, setParams] = useSearchParams();
  const [justSettled, setJustSettled] = useState<string | null>(null);
  const selectedId = Number(params.get('ciclo')) || null;
  const selected = cycles.find((c) => c.id === selectedId) ?? null;
  const { reload } = res;
  const canPay = useSession().can(P.pagosBonos);

  // A new cycle's grid starts from a clean query (page, sorts and filters belong to the old one).
  const select = (c: Cycle) => setParams(new URLSearchParams({ ciclo: String(c.id) }));

  useEffect(() => {
    const found = justSettled && cycles.find((c) => c.clave === justSettled);
    if (!found) return;
    setJustSettled(null);
    setParams(new URLSearchParams({ ciclo: String(found.id) }));
  }, [cycles, justSettled, setParams]);

  // A run in progress (its Workflow, the background runner, or the cron) advances on its own:
  // follow it every 2 s while it runs.
  const running = cycles.some((c) => c.estado !== STATE.LIQUIDADO);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [running, reload]);

  // A run that stopped on an error resumes at its cursor.
  const resume = useWrite({
    send: (clave: string) => settleCycle(clave),
    success: null,
    errors: 'notify',
    onSaved: (res) => {
      toast.info(res.message);
      reload();
    },
  });
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = async (clave: string) => {
    setRetrying(clave);
    await resume.run(clave);
    setRetrying(null);
  };

  return (
    <section className="grid gap-6">
      <PageHeader
        title="Liquidación de bonos"
        description="Ciclos mensuales (hora de Bogotá) de bonos por referidos de los niveles 1 a 3."
      />
      <SettlePanel
        cycles={cycles}
        onSettled={(clave) => {
          setJustSettled(clave);
          reload();
        }}
      />
      <div className="grid gap-3">
        <h2 className="text-lg font-semibold">Ciclos</h2>
        <ReadView
          read={res}
          errorMessage={MSG.tableError}
          loading={<Skeleton className="h-32 w-full" aria-label="Cargando ciclos" />}
        >
          {() =>
            cycles.length === 0 ? (
              <EmptyState text="Aún no se ha liquidado ningún ciclo." />
            ) : (
              <CyclesTable
                cycles={cycles}
                selectedId={selectedId}
                onSelect={select}
                retrying={retrying}
                onRetry={retry}
              />
            )
          }
        </ReadView>
      </div>
      {selected?.estado === STATE.LIQUIDADO && canPay && (
        <PayoutPanel key={`pagos-${selected.id}`} cycle={selected} onChanged={reload} />
      )}
      {selected && <CycleUsersCard key={selected.id} cycle={selected} onChanged={reload} />}
      {selected && <ReviewPanels key={`review-${selected.id}`} cycle={selected} onChanged={reload} />}
      <ReviewSettingsCard />
    </section>
  );
}
