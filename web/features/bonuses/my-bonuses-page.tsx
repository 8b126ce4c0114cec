// /app/bonos: the member's monthly bonus cycles, totals paid and owed, the month in course as an
// estimate, and each cycle's lines.
import { BanknoteIcon, CalendarRangeIcon, HourglassIcon } from 'lucide-react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ReadView } from '@/components/feedback/read-view';
import { PageHeader } from '@/components/feedback/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, formatNumber } from '@/lib/format';
import { getMemberCycles } from '@/features/bonuses/bonus-api';
import { CertificateDownload } from '@/features/bonuses/certificate-download';
import { MonthEstimateCard } from '@/features/bonuses/month-estimate-card';
import { MyCyclesTable } from '@/features/bonuses/my-cycles-table';
import { SummaryTile } from '@/features/bonuses/summary-tile';
import { keyOf, useRead } from '@/lib/query';

/**
 * Why «Total por pagar» can be below zero (docs/settlement.md § What carries): a purchase of a
 * referral was annulled after its bonus was settled, so the bonus is taken back.
 */
const NEGATIVE_BALANCE =
  'Saldo negativo: se anuló una compra cuyo bono ya se había liquidado. No debes pagar nada: se descuenta de tus próximos bonos hasta cubrirlo.';

export default function MyBonusesPage() {
  const res = useRead(keyOf('/bonos/ciclobonificacionuser'), getMemberCycles);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Mis bonos"
        description="Bonos mensuales por las compras de tus referidos de los niveles 1 a 3."
      />
      <ReadView
        read={res}
        loading={
          <div role="status" className="grid gap-4" aria-busy="true" aria-label="Cargando bonos">
            <div className="grid gap-4 sm:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
            <Skeleton className="h-48" />
          </div>
        }
      >
        {(mine) => (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <SummaryTile
                icon={BanknoteIcon}
                label="Total pagado"
                value={formatMoney(mine.totales.pagado)}
                tone="success"
              />
              <SummaryTile
                icon={HourglassIcon}
                label="Total por pagar"
                value={formatMoney(mine.totales.pendiente)}
                tone="warning"
                note={mine.totales.pendiente < 0 ? NEGATIVE_BALANCE : undefined}
              />
              <SummaryTile icon={CalendarRangeIcon} label="Ciclos" value={formatNumber(mine.data.length)} />
            </div>
            <MonthEstimateCard />
            {/* The years with settled cycles, newest first: each has its certificate (decision 0450). */}
            <CertificateDownload
              years={[...new Set(mine.data.map((r) => Number(r.clave.slice(0, 4))))].sort((a, b) => b - a)}
            />
            {mine.data.length === 0 ? (
              <EmptyState text="Aún no tienes ciclos de bonificación liquidados." />
            ) : (
              <MyCyclesTable rows={mine.data} />
            )}
          </>
        )}
      </ReadView>
    </section>
  );
}
