import { MSG } from '@shared/messages';
import { useState } from 'react';
import { toast } from 'sonner';
import { api, type Method } from '@/lib/api';
import { fieldMessages, handleSaveError } from '@/lib/api-errors';

/** Sends one section of the profile; 422 messages come back for the fields. */
export function useSave(onSaved: () => void, setErrors: (e: Record<string, string>) => void) {
  const [saving, setSaving] = useState(false);
  const save = async (method: Method, path: string, body: unknown) => {
    setSaving(true);
    try {
      const res = await api<{ message?: string }>(method, path, body);
      toast.success(res?.message ?? MSG.updated);
      onSaved();
    } catch (err) {
      setErrors(fieldMessages(err));
      handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
