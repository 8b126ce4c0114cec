// What a screen shows for one read (docs/decisions/0100-one-read-shape.md): the failure (no
// permission: «sin permiso», nothing to retry; anything else: the screen's message and a retry),
// the screen's skeleton while there is no answer yet, or the answer.
import { MSG } from '@shared/messages';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import type { Read } from '@/lib/query';

export function ReadView<T>({
  read,
  errorMessage = MSG.loadError,
  loading,
  children,
}: {
  read: Read<T>;
  /** The failure's message when it is not a 403 (MSG.tableError for a table). */
  errorMessage?: string;
  /** Stands in for the answer while it loads. */
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (read.status === 'error') {
    const { forbidden } = read.error;
    return (
      <ErrorState
        message={forbidden ? MSG.forbidden : errorMessage}
        onRetry={forbidden ? undefined : read.reload}
      />
    );
  }
  return read.data === undefined ? loading : children(read.data);
}
