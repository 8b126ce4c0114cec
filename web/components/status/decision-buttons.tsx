// «Aprobar» and «Rechazar» on a row that waits for a decision (a bonus adjustment, a withdrawal):
// the same two buttons, icons and order on every review table.
import { CheckIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type Props = {
  /** What is decided, for a screen reader: «el retracto de la compra 12». None where the row says it. */
  subject?: string;
  /** A decision is being sent: neither button takes another. */
  busy?: boolean;
  /** Null where this user may not approve this row; `instead` then says why, in its place. */
  onApprove: (() => void) | null;
  instead?: ReactNode;
  onReject: () => void;
  className?: string;
};

export function DecisionButtons({ subject, busy = false, onApprove, instead, onReject, className }: Props) {
  return (
    <div className={cn('flex gap-2', className)}>
      {onApprove ? (
        <Button
          size="sm"
          disabled={busy}
          onClick={onApprove}
          aria-label={subject ? `Aprobar ${subject}` : undefined}
        >
          <CheckIcon />
          Aprobar
        </Button>
      ) : (
        instead
      )}
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={onReject}
        aria-label={subject ? `Rechazar ${subject}` : undefined}
      >
        <XIcon />
        Rechazar
      </Button>
    </div>
  );
}
