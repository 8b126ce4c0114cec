// The state of something the member sent for review, and what the reviewer wrote.
import { CircleAlertIcon, InfoIcon, MessageSquareTextIcon } from 'lucide-react';
import { StatusChip } from '@/components/status/status-chip';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

export function StateLine({ label, estado }: { label: string; estado: string | null | undefined }) {
  return (
    <div
      role="group"
      className="flex items-center gap-2 text-sm"
      aria-label={`${label}: ${estado ? estado.replace(/_/g, ' ') : 'SIN ESTADO'}`}
    >
      <span className="text-muted-foreground">{label}:</span>
      <StatusChip status={estado} />
    </div>
  );
}

export function ReviewerComment({
  comentario,
  rejected,
  title = 'Comentario del revisor',
}: {
  comentario: string | null | undefined;
  rejected?: boolean;
  title?: string;
}) {
  if (!comentario) return null;
  return (
    <Alert variant={rejected ? 'destructive' : 'info'}>
      {rejected ? <CircleAlertIcon /> : <MessageSquareTextIcon />}
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="whitespace-pre-line">{comentario}</AlertDescription>
    </Alert>
  );
}

export function InfoNote({ text }: { text: string }) {
  return (
    <Alert variant="info">
      <InfoIcon />
      <AlertTitle>{text}</AlertTitle>
    </Alert>
  );
}
