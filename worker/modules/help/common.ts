// Pieces every help-centre router uses: the id param, the history row written with a new
// submission, and the support mails (a mail failure is logged, never undoes a saved request).
import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import * as v from 'valibot';
import { stateHistory, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { ListSpec } from '../../platform/list-query';
import type { AppEnv, Mail } from '../../platform/ports';
import { params } from '../../platform/validate';
import { id } from '../../shared/schemas/fields';

export const idParam = params(v.object({ id: id() }));

/**
 * The two lists of a member's submissions (a suggestion, a question, a demonstration request):
 * OWN, his own, by id, date or state, newest first; ALL, everyone's for the administrators, which
 * add the member's user name and the table's own sorts and text filters.
 */
export function submissionSpecs(
  t: { id: SQLiteColumn; createdAt: SQLiteColumn; estado: SQLiteColumn },
  all: { sorts: ListSpec['sorts']; text: Record<string, SQLiteColumn> },
): { OWN: ListSpec; ALL: ListSpec } {
  const OWN: ListSpec = {
    sorts: { id: t.id, created_at: t.createdAt, estado: t.estado },
    filters: {
      estado: { kind: 'eq', column: t.estado },
      created_at: { kind: 'daterange', column: t.createdAt },
    },
    defaultSort: { key: 'created_at', dir: 'desc' },
  };
  const text = { user_name: users.userName, ...all.text };
  const ALL: ListSpec = {
    sorts: { ...OWN.sorts, user_name: users.userName, ...all.sorts },
    filters: {
      ...OWN.filters,
      ...Object.fromEntries(
        Object.entries(text).map(([k, column]) => [k, { kind: 'text' as const, column }]),
      ),
    },
    defaultSort: OWN.defaultSort,
  };
  return { OWN, ALL };
}

/** The ∅ → PENDIENTE history row of the submission just inserted in the same batch. */
export const submittedHistory = (
  db: Db,
  entity: string,
  newId: ReturnType<typeof sql>,
  userId: number,
  at: number,
  comentario: string,
) =>
  db.run(sql`insert into ${stateHistory} (entity, entity_id, from_state, to_state, comentario, user_id, created_at)
    values (${entity}, ${newId}, null, 'PENDIENTE', ${comentario}, ${userId}, ${at})`);

/** One line of a mail subject: no line breaks from user input, and not endless. */
export const oneLine = (s: string, max = 80) => {
  const flat = s.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** `label: value` lines, skipping empty values. */
export const fieldLines = (fields: [string, string | null | undefined][]) =>
  fields
    .filter(([, val]) => val !== null && val !== undefined && val !== '')
    .map(([k, val]) => `${k}: ${val}`)
    .join('\n');

export async function sendMail(c: Context<AppEnv>, mail: Mail) {
  try {
    await c.var.mailer.send(mail);
  } catch (err) {
    console.error('Help centre mail failed', mail.subject, err);
  }
}

export const toSupport = (c: Context<AppEnv>, subject: string, body: string) =>
  sendMail(c, { to: c.var.config.supportEmail, subject, body });
