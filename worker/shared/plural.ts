// Counts in words for server and web: «1 miembro», «3 miembros», «0 miembros».

/** `n` and the word that agrees with it; `format` writes the number (the web passes its es-CO formatter). */
export function plural(n: number, one: string, many: string, format: (n: number) => string = String): string {
  return `${format(n)} ${n === 1 ? one : many}`;
}
