// Selects hold ids as strings ('' = none); the API takes numbers or null.
export const idText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
export const idOrNull = (text: string) => (text ? Number(text) : null);
export const textOrNull = (text: string) => (text.trim() ? text.trim() : null);
