// Per-field messages as the forms show them: the first message of each field.
export type FormErrors = Record<string, string>;

export function firstMessages(issues: Record<string, string[]>): FormErrors {
  return Object.fromEntries(Object.entries(issues).map(([k, msgs]) => [k, msgs[0] ?? '']));
}
