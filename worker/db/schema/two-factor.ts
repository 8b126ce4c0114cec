import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './platform';

/**
 * A user's authenticator (TOTP, RFC 6238). `pendingSecret` is set by enrolment and becomes
 * `secret` once a code confirms it; `lastStep` refuses a code twice (decision 0034).
 */
export const userTotp = sqliteTable('user_totp', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text(),
  pendingSecret: text(),
  enabledAt: integer(),
  lastStep: integer(),
  updatedAt: integer().notNull(),
});

/** Ten single-use recovery codes per enrolment; only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** The second step of a sign-in: issued after the password, spent by one code; 5 minutes. */
export const loginChallenges = sqliteTable(
  'login_challenges',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer().notNull(),
    usedAt: integer(),
    createdAt: integer().notNull(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);
