// Theme glue for recharts: a labelled figure of fixed height that a `responsive` chart fills, and
// the axis, grid and tooltip props that paint charts with the theme's variables (so OSCURO and
// UNICORN restyle them without code).
import { type CSSProperties, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** How far below (or above) the viewport a frame starts to draw its plot. */
const NEAR = '200px 0px';

/** True once the element has come within NEAR of the viewport (and from then on). */
function useNearViewport(ref: React.RefObject<Element | null>): boolean {
  // Not near at first, on the server and in the browser alike (a served page hydrates the same).
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: NEAR,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * The chart's accessible name goes on the figure; `summary` is read instead of the SVG. The
 * `plot` (a lazy recharts component) is drawn only once the figure nears the viewport: the frame
 * keeps its height meanwhile, so nothing moves when it arrives (docs/decisions/0105).
 */
export function ChartFrame({
  label,
  summary,
  height = 240,
  className,
  plot,
  children,
}: {
  label: string;
  summary: ReactNode;
  height?: number;
  className?: string;
  plot: ReactNode;
  /** Drawn over the plot at once (e.g. the total in a donut's hole). */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  return (
    <figure ref={ref} aria-label={label} className={cn('relative m-0 w-full', className)} style={{ height }}>
      {near && <Suspense fallback={null}>{plot}</Suspense>}
      {children}
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}

/** The style a `responsive` recharts chart needs to fill its ChartFrame. */
export const chartFill: CSSProperties = { width: '100%', height: '100%' };

export const axisProps = {
  tick: { fill: 'var(--muted-foreground)', fontSize: 12 },
  tickLine: false,
  axisLine: false,
} as const;

export const gridProps = { stroke: 'var(--border)', strokeDasharray: '3 3', vertical: false } as const;

export const tooltipProps = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 13,
    boxShadow: '0 4px 12px rgb(0 0 0 / 0.08)',
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600, marginBottom: 4 },
  itemStyle: { padding: 0 },
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
} as const;

export const legendProps = {
  iconType: 'circle',
  iconSize: 10,
  wrapperStyle: { fontSize: 12, color: 'var(--muted-foreground)' },
} as const;
