// The permission check of the screens (the API checks the same codes in its route markers). Apart
// from the catalogue (permissions.ts), which derives from the registry, so the first page can
// check permissions without loading either.

/** The holder must have every permission listed. */
export function can(held: ReadonlySet<string> | readonly string[], ...needed: string[]): boolean {
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  return needed.every((p) => set.has(p));
}
