// The one write path of the private screens (docs/decisions/0042-web-data-layer.md): a TanStack
// mutation that toasts as docs/product-spec.md §8 says, hands 409/422 field messages to the form, and
// invalidates the cached reads the write touched.
import { MSG } from '@shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { handleSaveError, notifyError } from '@/lib/api-errors';
import { fieldMessages, type FormErrors } from '@/lib/form-errors';
import { invalidate } from '@/lib/query';

type Message = { message?: string } | undefined | null | void;

export type WriteOptions<V, R> = {
  send: (vars: V) => Promise<R>;
  /** Cached reads to refresh after a success (API paths, invalidated by prefix). */
  invalidates?: string[] | ((vars: V, res: R) => string[]);
  /** The success toast: the server's message, else this (MSG.updated by default); null = none. */
  success?: string | null | ((res: R, vars: V) => string | null);
  onSaved?: (res: R, vars: V) => void;
  /** 409/422 messages for the fields. */
  onFieldErrors?: (errors: FormErrors) => void;
  /**
   * 'save' (default): warning for 409/422, else the spec's save error (or `fallback`).
   * 'notify': warning for 409/422, else the failure's own text. A function: custom.
   */
  errors?: 'save' | 'notify' | ((err: unknown) => void);
  fallback?: string;
};

const messageOf = (res: unknown) =>
  res && typeof res === 'object' && typeof (res as { message?: unknown }).message === 'string'
    ? (res as { message: string }).message
    : undefined;

export function useWrite<V = void, R = Message>(opts: WriteOptions<V, R>) {
  const m = useMutation<R, unknown, V>({
    mutationFn: opts.send,
    onSuccess: async (res, vars) => {
      const msg =
        typeof opts.success === 'function'
          ? opts.success(res, vars)
          : opts.success === null
            ? null
            : (messageOf(res) ?? opts.success ?? MSG.updated);
      if (msg) toast.success(msg);
      const paths = typeof opts.invalidates === 'function' ? opts.invalidates(vars, res) : opts.invalidates;
      if (paths?.length) void invalidate(...paths);
      opts.onSaved?.(res, vars);
    },
    onError: (err) => {
      opts.onFieldErrors?.(fieldMessages(err, [409, 422]));
      if (typeof opts.errors === 'function') opts.errors(err);
      else if (opts.errors === 'notify') notifyError(err, opts.fallback);
      else handleSaveError(err, opts.fallback);
    },
  });
  const { mutateAsync } = m;
  /** Sends; resolves to the reply, or undefined when it failed (already told to the user). */
  const run = useCallback(
    async (vars: V): Promise<R | undefined> => {
      try {
        return await mutateAsync(vars);
      } catch {
        return undefined;
      }
    },
    [mutateAsync],
  );
  return { run, busy: m.isPending };
}
