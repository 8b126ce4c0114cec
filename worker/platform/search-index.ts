// The full-text indexes (migration search_index, decision 0151) as query parts: how a typed text
// becomes an FTS5 query, and the grid filters that use the indexes instead of scanning with LIKE.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from '../db/schema';
import { containsPattern } from './list-query';

/** Words of a typed text (letters and digits), at most 6 of at most 40 characters. */
export const wordsOf = (text: string): string[] =>
  (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, 6)
    .map((w) => w.slice(0, 40));

/** Prefix lengths the word indexes keep (migration search_index: `prefix='2 3 4 5 6'`). */
const INDEXED_PREFIX = 6;

/**
 * An FTS5 query matching rows that hold a word beginning with each typed word ("jos pe" finds
 * José Pérez), or null when nothing searchable was typed. Words are letters and digits only, so
 * quoting them leaves no FTS5 syntax to the user. `columns` limits it to some columns.
 * A prefix longer than the indexed ones makes FTS5 merge every matching term's whole list (tens
 * of milliseconds for a common surname over a million members): a word before the last that is
 * longer than that is taken as typed in full (an exact word, read incrementally); the last word,
 * still being typed, stays a prefix.
 */
export function wordQuery(text: string, columns?: string[]): string | null {
  const words = wordsOf(text);
  if (!words.length) return null;
  const body = words
    .map((w, i) => (i < words.length - 1 && [...w].length > INDEXED_PREFIX ? `"${w}"` : `"${w}"*`))
    .join(' ');
  return columns ? `{${columns.join(' ')}} : (${body})` : body;
}

/**
 * An FTS5 query matching rows holding every typed word whole (no prefix), or null when nothing
 * searchable was typed: a whole document number, user name or e-mail found as typed.
 */
export function exactWordQuery(text: string): string | null {
  const words = wordsOf(text);
  return words.length ? words.map((w) => `"${w}"`).join(' ') : null;
}

/** An FTS5 query (from wordQuery, exactWordQuery or fragmentQuery) limited to some columns. */
export const inColumns = (query: string, columns: string[]) => `{${columns.join(' ')}} : (${query})`;

/**
 * A trigram FTS5 query matching rows that contain the text as typed (a fragment of a document
 * number or an e-mail), or null below 3 characters, which trigrams cannot find.
 */
export function fragmentQuery(text: string, column?: string): string | null {
  const t = text.trim().slice(0, 100);
  if ([...t].length < 3) return null;
  const phrase = `"${t.replace(/"/g, '""')}"`;
  return column ? `{${column}} : ${phrase}` : phrase;
}

/** Whether a typed text looks like a document number or an e-mail fragment (trigrams help). */
export const looksLikeFragment = (text: string) => /[\d@]/.test(text);

/**
 * A users grid text filter on `column` (user_name, email or numero_identificacion): the trigram
 * index for 3+ characters (a substring, accents and case ignored), LIKE below that.
 */
export function userFragmentFilter(
  column: 'user_name' | 'email' | 'numero_identificacion',
  own: SQLiteColumn,
) {
  return (value: unknown): SQL => {
    const q = fragmentQuery(String(value), column);
    if (!q) return sql`${own} LIKE ${containsPattern(String(value).trim())} ESCAPE '\\'`;
    return sql`${users.id} in (select rowid from users_tri where users_tri match ${q})`;
  };
}

/** The users grid filter on names: each typed word begins a word of the names or surnames. */
export function userNamesFilter(value: unknown): SQL {
  const q = wordQuery(String(value), ['nombres', 'apellidos']);
  if (!q) return sql`1`;
  return sql`${users.id} in (select rowid from users_fts where users_fts match ${q})`;
}

/**
 * The sorts and filters every users grid shares (Usuarios, Usuarios registrados): user name and
 * e-mail through the trigram index for 3+ characters (decision 0151), LIKE below that; the names
 * in Spanish order (decision 0150); active and the registration date.
 */
export const USER_LIST_SORTS = {
  id: users.id,
  user_name: users.userName,
  email: users.email,
  nombres: users.nombresOrden,
  apellidos: users.apellidosOrden,
  created_at: users.createdAt,
};
export const USER_LIST_FILTERS = {
  user_name: {
    kind: 'text',
    column: users.userName,
    build: userFragmentFilter('user_name', users.userName),
  },
  email: { kind: 'text', column: users.email, build: userFragmentFilter('email', users.email) },
  activo: { kind: 'bool', column: users.activo },
  created_at: { kind: 'daterange', column: users.createdAt },
} as const;
