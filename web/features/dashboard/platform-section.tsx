// The administrators' half of the dashboard (present only when the API sends `plataforma`).
import type { PlatformFigures } from '@/features/dashboard/use-dashboard';
import { BonusesChart } from '@/features/dashboard/bonuses-chart';
import { IdentityChart } from '@/features/dashboard/identity-chart';
import { MembersChart } from '@/features/dashboard/members-chart';
import { PlatformTiles } from '@/features/dashboard/platform-tiles';
import { SalesChart } from '@/features/dashboard/sales-chart';

export function PlatformSection({ data, now }: { data: PlatformFigures; now: number }) {
  return (
    <section aria-labelledby="tablero-plataforma" className="grid gap-4">
      <h2 id="tablero-plataforma" className="text-lg font-semibold">
        Plataforma
      </h2>
      <PlatformTiles data={data} now={now} />
      <div className="grid gap-4 lg:grid-cols-2">
        <MembersChart data={data.miembros_por_mes} />
        <IdentityChart data={data.validacion_identidad} />
        <SalesChart data={data.ventas_por_mes} />
        <BonusesChart data={data.bonos_por_ciclo} />
      </div>
    </section>
  );
}
