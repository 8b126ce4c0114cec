// Per-field messages as the forms show them: the first message of each field. The one errors
// type and the one mapper of the SPA (decision 0320): the light form of /login, `useApiForm` and
// `useWrite` all read a refusal's fields through `fieldMessages`.
import { ApiError } from '@/lib/api';

export type FormErrors = Record<string, string>;

export function firstMessages(issues: Record<string, string[]>): FormErrors {
  return Object.fromEntries(Object.entries(issues).map(([k, msgs]) => [k, msgs[0] ?? '']));
}

/** A refusal's field messages (a 422; `statuses` adds others, e.g. a 409 uniqueness conflict). */
export function fieldMessages(err: unknown, statuses: readonly number[] = [422]): FormErrors {
  if (!(err instanceof ApiError) || !statuses.includes(err.status)) return {};
  return firstMessages(err.errors);
}

/**
 * One input bound to a form: `<TextField label="Nombre" {...field('nombre')} />` gives it the form's
 * value, writes its changes back (clearing its message) and shows the message for that field. Both
 * form hooks (use-api-form.ts, use-light-form.ts) hand this out, so no screen wires the three by hand.
 */
export function fieldBinder<V>(
  values: V,
  errors: FormErrors,
  set: <K extends keyof V & string>(name: K, value: V[K]) => void,
) {
  return <K extends keyof V & string>(name: K) => ({
    value: values[name],
    onValueChange: (value: V[K]) => set(name, value),
    error: errors[name],
  });
}
