// The fields of a page prerendered at build time (/login), kept from before React takes it over.
// What the user types or the browser autofills there before the scripts run is not in any
// form's state yet; each TextField takes its field's text once, when it mounts. Kept as elements,
// not values: when hydration succeeds the element is the live one and has the latest text; when
// it fails (say, an extension added markup to the form) React draws new fields and the old
// element still holds what was typed.
const fields = new Map<string, HTMLInputElement>();

/** main.tsx, before React touches a prerendered page. */
export function keepPrerenderedInputs(root: HTMLElement) {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) fields.set(input.name, input);
}

/**
 * What the user put into the prerendered field `name`, once; undefined if there was no such
 * field or it still holds what the prerender wrote (so a value the app sets is not overwritten).
 */
export function takePrerenderedInput(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const input = fields.get(name);
  fields.delete(name);
  return input && input.value !== input.defaultValue ? input.value : undefined;
}
