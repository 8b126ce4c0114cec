// Delete (after the confirm dialog) and the active toggle of a grid row (spec §7, §8).
import { MSG } from '@shared/messages';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { patchListRow, type ResourceRow } from '@/components/data-grid/use-grid-query';
import { ApiError } from '@/lib/api';
import { notifyError } from '@/lib/api-errors';
import { ok, resourceClient } from '@/lib/client';
import { useWrite } from '@/lib/mutation';
import { invalidate } from '@/lib/query';

export function useRowMutations(endpoint: string) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ResourceRow | null>(null);
  const api = resourceClient(endpoint);

  const remove = useWrite({
    send: (row: ResourceRow) => ok(api[':id{[0-9]+}'].$delete({ param: { id: String(row.id) } })),
    success: MSG.deleted,
    invalidates: [endpoint],
    // 409 (in use) and 422 are warnings with the server's words; anything else is generic.
    errors: (err) =>
      err instanceof ApiError && [401, 409, 422].includes(err.status)
        ? notifyError(err)
        : toast.error(MSG.removeError),
  });
  const flip = useWrite({
    send: ({ row, value }: { row: ResourceRow; value: boolean }) =>
      ok(api.toggle.$put({ json: { id: row.id, value } })),
    onSaved: (res, { row }) =>
      res?.data ? patchListRow(endpoint, { ...row, ...res.data }) : void invalidate(endpoint),
    errors: 'notify',
  });

  const confirmDelete = useCallback(async () => {
    const row = toDelete;
    setToDelete(null);
    if (!row) return;
    setBusyId(row.id);
    await remove.run(row);
    setBusyId(null);
  }, [remove.run, toDelete]);

  const toggle = useCallback(
    async (row: ResourceRow, value: boolean) => {
      setBusyId(row.id);
      await flip.run({ row, value });
      setBusyId(null);
    },
    [flip.run],
  );

  return {
    busyId,
    toDelete,
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    confirmDelete,
    toggle,
  };
}
