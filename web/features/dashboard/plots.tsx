// Every recharts plot of the dashboard, in one module loaded on demand (lazy-plots.tsx): recharts
// is ~120 kB of compressed JS, so the page draws its cards first and each plot once its frame
// nears the viewport (docs/decisions/0105-app-first-load.md). The cards around the plots
// (title, figures, links, the accessible summary) stay in the page's own files.
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { axisProps, chartFill, gridProps, legendProps, tooltipProps } from '@/components/ui/chart';
import { axisTicks, compactMoney, monthLabel, monthTick } from '@/features/dashboard/chart-format';
import { MonthTick } from '@/features/dashboard/month-tick';
import type { MemberFigures, MonthValue, PlatformFigures } from '@/features/dashboard/use-dashboard';
import { formatMoney, formatNumber } from '@/lib/format';
import { STATE } from '@shared/workflow';

/** Members registered per month; `onOpen` (a month key) when the user may open that list. */
export function MembersPlot({ data, onOpen }: { data: MonthValue[]; onOpen?: (mes: string) => void }) {
  return (
    <BarChart responsive style={chartFill} data={data} margin={{ top: 8, right: 4, left: -20, bottom: 4 }}>
      <CartesianGrid {...gridProps} />
      <XAxis dataKey="mes" {...axisProps} tick={MonthTick} interval={0} height={36} />
      <YAxis {...axisProps} allowDecimals={false} width={48} tickFormatter={(v: number) => formatNumber(v)} />
      <Tooltip
        {...tooltipProps}
        labelFormatter={(l) => monthLabel(String(l))}
        formatter={(v) => [formatNumber(Number(v)), 'Miembros']}
      />
      <Bar
        dataKey="valor"
        name="Miembros"
        fill="var(--primary)"
        radius={[4, 4, 0, 0]}
        maxBarSize={36}
        cursor={onOpen ? 'pointer' : undefined}
        onClick={onOpen ? (d) => onOpen(String((d.payload as MonthValue).mes)) : undefined}
      />
    </BarChart>
  );
}

export type IdentitySlice = { estado: string; label: string; total: number };

/** The identity-validation donut: only non-empty slices; one slice is a full ring without a seam. */
export function IdentityPlot({
  slices,
  colours,
}: {
  slices: IdentitySlice[];
  colours: Record<string, string>;
}) {
  const single = slices.length === 1;
  return (
    <PieChart responsive style={chartFill}>
      <Tooltip {...tooltipProps} formatter={(v, name) => [formatNumber(Number(v)), name]} />
      <Pie
        data={slices}
        dataKey="total"
        nameKey="label"
        innerRadius="58%"
        outerRadius="85%"
        paddingAngle={single ? 0 : 2}
        stroke={single ? 'none' : 'var(--card)'}
        strokeWidth={single ? 0 : 1}
      >
        {slices.map((r) => (
          <Cell key={r.estado} fill={colours[r.estado] ?? 'var(--muted-foreground)'} />
        ))}
      </Pie>
    </PieChart>
  );
}

/** Paid sales per month (COP) as an area. */
export function SalesPlot({ data }: { data: MonthValue[] }) {
  const ticks = axisTicks(Math.max(...data.map((d) => d.valor)));
  return (
    <AreaChart responsive style={chartFill} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 4 }}>
      <defs>
        <linearGradient id="ventas-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="5%" stopColor="var(--primary)" stopOpacity={0.35} />
          <stop offset="95%" stopColor="var(--primary)" stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <CartesianGrid {...gridProps} />
      <XAxis
        dataKey="mes"
        {...axisProps}
        tick={MonthTick}
        interval={0}
        height={36}
        padding={{ left: 14, right: 14 }}
      />
      <YAxis
        {...axisProps}
        width={76}
        ticks={ticks}
        domain={[0, ticks.at(-1)!]}
        tickFormatter={(v: number) => compactMoney(v)}
      />
      <Tooltip
        {...tooltipProps}
        cursor={{ stroke: 'var(--border)' }}
        labelFormatter={(l) => monthLabel(String(l))}
        formatter={(v) => [formatMoney(Number(v)), 'Ventas']}
      />
      <Area
        type="monotone"
        dataKey="valor"
        name="Ventas"
        stroke="var(--primary)"
        strokeWidth={2}
        fill="url(#ventas-fill)"
      />
    </AreaChart>
  );
}

/** Bonuses per settled cycle, paid and owed stacked; `onOpen` (a cycle id) opens it. */
export function BonusesPlot({
  data,
  onOpen,
}: {
  data: PlatformFigures['bonos_por_ciclo'];
  onOpen?: (cicloId: number) => void;
}) {
  const open = onOpen
    ? (d: { payload?: unknown }) => onOpen((d.payload as { ciclo_id: number }).ciclo_id)
    : undefined;
  const ticks = axisTicks(Math.max(0, ...data.map((d) => d.pagado + d.pendiente)));
  return (
    <BarChart responsive style={chartFill} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 4 }}>
      <CartesianGrid {...gridProps} />
      <XAxis dataKey="clave" {...axisProps} tick={MonthTick} interval={0} height={36} />
      <YAxis
        {...axisProps}
        width={76}
        ticks={ticks}
        domain={[0, ticks.at(-1)!]}
        tickFormatter={(v: number) => compactMoney(v)}
      />
      <Tooltip
        {...tooltipProps}
        labelFormatter={(l) => monthLabel(String(l))}
        formatter={(v, name) => [formatMoney(Number(v)), name]}
      />
      <Legend {...legendProps} />
      <Bar
        dataKey="pagado"
        name="Pagado"
        stackId="bonos"
        fill="var(--success)"
        maxBarSize={40}
        onClick={open}
        cursor={open ? 'pointer' : undefined}
      />
      <Bar
        dataKey="pendiente"
        name="Por pagar"
        stackId="bonos"
        fill="var(--warning)"
        radius={[4, 4, 0, 0]}
        maxBarSize={40}
        onClick={open}
        cursor={open ? 'pointer' : undefined}
      />
    </BarChart>
  );
}

/** The member's own bonuses per cycle, coloured by state. */
export function MemberBonusesPlot({ data }: { data: MemberFigures['bonos']['por_ciclo'] }) {
  return (
    <BarChart responsive style={chartFill} data={data} margin={{ top: 4, right: 4, left: 4, bottom: 0 }}>
      <XAxis dataKey="clave" {...axisProps} tickFormatter={(k: string) => monthTick(k)} interval={0} />
      <Tooltip
        {...tooltipProps}
        labelFormatter={(l) => monthLabel(String(l))}
        formatter={(v) => [formatMoney(Number(v)), 'Bono']}
      />
      <Bar dataKey="total" name="Bono" radius={[3, 3, 0, 0]} maxBarSize={28}>
        {data.map((c) => (
          <Cell key={c.clave} fill={c.estado === STATE.PAGADO ? 'var(--success)' : 'var(--warning)'} />
        ))}
      </Bar>
    </BarChart>
  );
}
