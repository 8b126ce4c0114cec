// The one question before unsaved changes are left behind (web/lib/use-leave-guard.ts): an in-app
// navigation to another page or another ?tab= opens 'Cambios sin guardar'; a reload or closing the
// tab gets the browser's own prompt. Rendered once by the private shell.
import { useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { hasUnsavedChanges } from '@/lib/use-leave-guard';

export const LEAVE_TITLE = 'Cambios sin guardar';
export const LEAVE_TEXT = '¿Desea salir sin guardar los cambios?';

const leaving: BlockerFunction = ({ currentLocation, nextLocation }) =>
  hasUnsavedChanges() &&
  (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);

export function LeaveGuard() {
  const blocker = useBlocker(leaving);
  const confirmed = useRef(false);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (open) return;
        if (!confirmed.current && blocker.state === 'blocked') blocker.reset();
        confirmed.current = false;
      }}
      onConfirm={() => {
        if (blocker.state !== 'blocked') return;
        confirmed.current = true;
        blocker.proceed();
      }}
      title={LEAVE_TITLE}
      description={LEAVE_TEXT}
      confirmLabel="Salir sin guardar"
      destructive
    />
  );
}
