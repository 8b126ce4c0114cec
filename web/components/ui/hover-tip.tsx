// A tooltip for controls drawn many times over, such as a grid's row actions (decision 0270). It
// looks and behaves like ui/tooltip.tsx (Radix): it opens after the provider's 300 ms when a mouse
// rests on the control, at once when the control takes the keyboard focus, not on touch, and a
// second one opens without the wait right after another closed; it closes on leaving, blur, a
// press, Escape or scrolling; while open the control is described by it (aria-describedby).
// Unlike Radix's, it costs one element and a few handlers until it opens: a Radix Tooltip mounts
// a root, a trigger, a popper anchor and a presence per control, and sets state again once its
// trigger is attached, so a page of 30 rows with four tooltips each spent a long task on them.
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';

/** As the app's TooltipProvider (shell/app-layout.tsx): the wait, and the time after a close within which another tip opens at once. */
const DELAY = 300;
const SKIP_DELAY = 300;
const GAP = 4;
const MARGIN = 8;
let lastClosed = 0;

export function HoverTip({ label, children }: { label: string; children: ReactNode }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);
  /** Set by the first move over the control, cleared on leaving (as Radix's trigger). */
  const entered = useRef(false);
  const [open, setOpen] = useState(false);
  const id = useId();

  const show = (delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (delay === 0 || Date.now() - lastClosed < SKIP_DELAY) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosed = Date.now();
      return false;
    });
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    const onScroll = (e: Event) => e.target instanceof Node && e.target.contains(anchor.current) && hide();
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [open]);

  return (
    <span
      ref={anchor}
      className="inline-flex"
      data-state={open ? 'delayed-open' : 'closed'}
      aria-describedby={open ? id : undefined}
      onPointerMove={(e) => {
        if (e.pointerType === 'touch' || entered.current) return;
        entered.current = true;
        show(DELAY);
      }}
      onPointerLeave={() => {
        entered.current = false;
        hide();
      }}
      onPointerDown={() => {
        pressed.current = true;
        document.addEventListener('pointerup', () => (pressed.current = false), { once: true });
        hide();
      }}
      onFocus={() => !pressed.current && show(0)}
      onBlur={hide}
      onClick={hide}
    >
      {children}
      {open && anchor.current && <TipContent id={id} anchor={anchor.current} label={label} />}
    </span>
  );
}

/** Above the control (below it when there is no room), centred on it, kept inside the window. */
function TipContent({ id, anchor, label }: { id: string; anchor: HTMLElement; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number; side: 'top' | 'bottom' } | null>(null);
  useLayoutEffect(() => {
    const box = anchor.getBoundingClientRect();
    const tip = ref.current!.getBoundingClientRect();
    const above = box.top - GAP - tip.height;
    const side = above >= MARGIN ? 'top' : 'bottom';
    const left = Math.min(
      Math.max(MARGIN, box.left + box.width / 2 - tip.width / 2),
      window.innerWidth - tip.width - MARGIN,
    );
    setPlace({ top: side === 'top' ? above : box.bottom + GAP, left, side });
  }, [anchor]);
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      data-slot="tooltip-content"
      data-state="delayed-open"
      data-side={place?.side}
      style={{ position: 'fixed', top: place?.top ?? 0, left: place?.left ?? 0 }}
      className={cn(
        'pointer-events-none z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-sm data-[state=delayed-open]:animate-fade-in',
        !place && 'invisible',
      )}
    >
      {label}
    </div>,
    document.body,
  );
}
