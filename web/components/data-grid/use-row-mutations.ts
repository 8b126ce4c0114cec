// Delete (after the confirm dialog) and the active toggle of a grid row (spec §7, §8).
import { MSG } from '@shared/messages';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { Row } from '@/components/data-grid/use-grid-data';
import { api, ApiError } from '@/lib/api';
import { notifyError } from '@/lib/api-errors';

export function useRowMutations(endpoint: string, reload: () => void, patchRow: (row: Row) => void) {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Row | null>(null);

  const confirmDelete = useCallback(async () => {
    const row = toDelete;
    setToDelete(null);
    if (!row) return;
    setBusyId(row.id);
    try {
      await api('DELETE', `${endpoint}/${row.id}`);
      toast.success(MSG.deleted);
      reload();
    } catch (err) {
      // 409 (in use) and 422 are warnings with the server's words; anything else is generic.
      if (err instanceof ApiError && (err.status === 409 || err.status === 422 || err.status === 401)) notifyError(err);
      else toast.error(MSG.removeError);
    } finally {
      setBusyId(null);
    }
  }, [endpoint, reload, toDelete]);

  const toggle = useCallback(
    async (row: Row, value: boolean) => {
      setBusyId(row.id);
      try {
        const res = await api<{ data?: Row; message?: string }>('PUT', `${endpoint}/toggle`, { id: row.id, value });
        toast.success(res?.message ?? MSG.updated);
        if (res?.data) patchRow({ ...row, ...res.data });
        else reload();
      } catch (err) {
        notifyError(err);
      } finally {
        setBusyId(null);
      }
    },
    [endpoint, patchRow, reload],
  );

  return { busyId, toDelete, askDelete: setToDelete, cancelDelete: () => setToDelete(null), confirmDelete, toggle };
}
