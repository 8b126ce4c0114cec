import { MSG } from '@shared/messages';
import { CircleAlertIcon, RotateCwIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export function ErrorState({ message = MSG.loadError, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon />
      <AlertTitle>{message}</AlertTitle>
      {onRetry && (
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            <RotateCwIcon />
            Reintentar
          </Button>
        </AlertDescription>
      )}
    </Alert>
  );
}
