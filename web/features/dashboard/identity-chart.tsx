// Members by identity-validation state: a donut in the status chips' colours beside the counts,
// each count opening the review queue filtered by its state.
import { P } from '@shared/permissions';
import { STATE, stateLabel } from '@shared/workflow';
import { ChartFrame } from '@/components/ui/chart';
import { FigureCard } from '@/features/dashboard/figure-card';
import { links } from '@/features/dashboard/dashboard-links';
import { IdentityPlot } from '@/features/dashboard/lazy-plots';
import type { PlatformFigures } from '@/features/dashboard/use-dashboard';
import { FigureLink } from '@/features/dashboard/figure-link';
import { formatNumber } from '@/lib/format';

/** The status chips' colours (web/components/status/status-chip.tsx). */
export const STATE_COLOURS: Record<string, string> = {
  APROBADO: 'var(--success)',
  NO_APROBADO: 'var(--destructive)',
  PENDIENTE: 'var(--warning)',
};

export function IdentityChart({ data }: { data: PlatformFigures['validacion_identidad'] }) {
  const total = data.reduce((a, d) => a + d.total, 0);
  const rows = data.map((d) => ({ ...d, label: stateLabel(d.estado) }));
  // Only non-empty slices are drawn; one slice is a full ring without a seam.
  const slices = rows.filter((r) => r.total > 0);
  return (
    <FigureCard
      title="Validación de identidad"
      description="Miembros que enviaron sus documentos, por estado"
      link={{ to: links.identity(STATE.PENDIENTE), permission: P.controlInformacionPersonal }}
      empty={total === 0}
      emptyText="Nadie ha enviado aún su validación de identidad"
    >
      <div className="grid items-center gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,11rem)]">
        <ChartFrame
          label="Gráfico de miembros por estado de validación de identidad"
          summary={rows.map((r) => `${r.label}: ${formatNumber(r.total)}`).join('; ')}
          plot={<IdentityPlot slices={slices} colours={STATE_COLOURS} />}
        >
          {/* The total in the hole, as HTML: it needs no SVG layout and the tooltip passes over it. */}
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center"
          >
            <span className="text-2xl font-semibold tabular-nums">{formatNumber(total)}</span>
            <span className="text-xs text-muted-foreground">{total === 1 ? 'miembro' : 'miembros'}</span>
          </div>
        </ChartFrame>
        <ul className="grid gap-2">
          {rows.map((r) => (
            <li key={r.estado}>
              <FigureLink
                to={links.identity(r.estado)}
                permission={P.controlInformacionPersonal}
                className="rounded-md px-2 py-1.5 hover:bg-muted"
              >
                <span className="flex items-center justify-between gap-3 text-sm">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden
                      className="size-2.5 rounded-full"
                      style={{ background: STATE_COLOURS[r.estado] }}
                    />
                    {r.label}
                  </span>
                  <span className="font-semibold tabular-nums">{formatNumber(r.total)}</span>
                </span>
              </FigureLink>
            </li>
          ))}
        </ul>
      </div>
    </FigureCard>
  );
}
