// A state chip coloured by the shared chipTone (worker/shared/workflow.ts), which also knows
// states the review chip does not, e.g. a subscription VENCIDA (red). The server may send the
// tone itself (the referral tree's `color`); absent state shows 'SIN ESTADO'.
import { type ChipTone, chipTone, stateLabel } from '@shared/workflow';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<ChipTone, 'success' | 'destructive' | 'warning' | 'secondary'> = {
  success: 'success',
  danger: 'destructive',
  warning: 'warning',
  neutral: 'secondary',
};

const isTone = (t: unknown): t is ChipTone => typeof t === 'string' && t in VARIANT;

export function ToneChip({
  status,
  tone,
  label,
}: {
  status: string | null | undefined;
  tone?: string | null;
  label?: string;
}) {
  const variant = VARIANT[isTone(tone) ? tone : chipTone(status)];
  return <Badge variant={variant}>{label ?? stateLabel(status)}</Badge>;
}
