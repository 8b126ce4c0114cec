import { MSG } from '@shared/messages';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { notifyError } from '@/lib/api-errors';
import { upload } from '@/lib/transfer';

/** Sends one multipart body with a progress value; failures are told as the spec's §8 says. */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);

  const send = useCallback(async <T>(path: string, form: FormData): Promise<T | null> => {
    setProgress(0);
    try {
      const res = await upload<T>(path, form, { onProgress: setProgress });
      toast.success((res as { message?: string } | undefined)?.message ?? MSG.uploaded);
      return res;
    } catch (err) {
      notifyError(err, MSG.sendError);
      return null;
    } finally {
      setProgress(null);
    }
  }, []);

  return { progress, uploading: progress !== null, send };
}
