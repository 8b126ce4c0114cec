// Typing is never silently lost (decision 0070): every form of useApiForm reports here whether it holds
// changes not yet saved; the one <LeaveGuard> of the shell asks before a navigation (a menu link,
// the back button, another profile tab) or a reload/close leaves them behind.
import { useCallback, useEffect, useRef } from 'react';

const dirtyForms = new Set<symbol>();

/** Whether some mounted form holds unsaved changes. */
export const hasUnsavedChanges = () => dirtyForms.size > 0;

/**
 * Marks the calling form as holding unsaved changes while `isDirty`. `release()` clears the mark at
 * once (before the re-render), so a screen that navigates right after a successful save is not asked.
 */
export function useLeaveGuard(isDirty: boolean) {
  const id = useRef(Symbol('form')).current;
  useEffect(() => {
    if (isDirty) dirtyForms.add(id);
    else dirtyForms.delete(id);
    return () => void dirtyForms.delete(id);
  }, [id, isDirty]);
  const release = useCallback(() => void dirtyForms.delete(id), [id]);
  return { release };
}

const blank = (x: unknown) => x === undefined || x === null || x === '';

/**
 * Whether a form's values differ from its clean state (deep; a blank, null and a missing value are
 * the same, so a control that normalises its empty value on mount does not count as typing).
 * Compared by value rather than by react-hook-form's own flag: the screens set values with
 * setValue, which that flag does not see.
 */
export function isEdited(values: unknown, clean: unknown): boolean {
  if (blank(values) && blank(clean)) return false;
  if (values instanceof Date || clean instanceof Date)
    return !(values instanceof Date && clean instanceof Date && values.getTime() === clean.getTime());
  if (typeof values !== 'object' || typeof clean !== 'object' || values === null || clean === null)
    return !Object.is(values, clean);
  if (Array.isArray(values) !== Array.isArray(clean)) return true;
  if (Array.isArray(values) && Array.isArray(clean) && values.length !== clean.length) return true;
  const a = values as Record<string, unknown>;
  const b = clean as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (isEdited(a[key], b[key])) return true;
  return false;
}
