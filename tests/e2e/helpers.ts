// Shared helpers for the browser suites: users inserted straight into the e2e database (the way
// tests/setup/app.ts does it for the API suites), the footer check and screenshots.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Download, Locator, Page } from 'playwright-core';
import { permissions, rolePermissions, roles, userRoles, users } from '../../worker/db/schema';
import { randomCode } from '../../worker/platform/bytes';
import { hashPassword } from '../../worker/platform/password';
import { PBKDF2_ITERATIONS } from '../../worker/platform/ports';
import { type E2E, FOOTER } from '../setup/e2e';

export const PEPPER = 'e2e-pepper';
export const ITERATIONS = PBKDF2_ITERATIONS;
export const SHOTS = '/tmp/shots';

const hashes = new Map<string, Promise<string>>();
/** PBKDF2 at 100k iterations costs ~60 ms: hash each distinct password once per process. */
export function hashOnce(password: string) {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password, PEPPER, ITERATIONS));
  return hashes.get(password)!;
}

export type E2EUser = { id: number; email: string; userName: string; password: string; referralCode: string };

/**
 * A verified user. `role` gives it an existing role (e.g. the seeded USUARIO); otherwise it gets
 * a role of its own holding exactly `perms`. Its user name is `name`, or `name` with a suffix when
 * a retry already made one: read it from the answer.
 */
export async function makeUser(
  e2e: E2E,
  name: string,
  opts: { perms?: string[]; role?: string; password?: string; verified?: boolean; consent?: boolean } = {},
): Promise<E2EUser> {
  const db = e2e.server.ports.db;
  const password = opts.password ?? 'Clave-e2e-123';
  const t = Date.now();
  // A retried test (the e2e project retries once) finds its users of the first try: it gets new
  // ones, so the retry runs the test again instead of failing on the unique user name.
  if (await db.select({ id: users.id }).from(users).where(eq(users.userName, name)).get())
    name = `${name}.${randomCode(4).toLowerCase()}`;
  const user = await db
    .insert(users)
    .values({
      email: `${name}@e2e.local`,
      userName: name,
      nombres: name,
      passwordHash: await hashOnce(password),
      referralCode: randomCode(8),
      emailVerifiedAt: opts.verified === false ? null : t,
      createdAt: t,
      updatedAt: t,
    })
    .returning()
    .get();
  // Like a member who registered and ticked every purpose of the notice in force (docs/privacy.md
  // «Aviso y autorizaciones»): no acceptance dialog, no refused sensitive field. `consent: false`
  // for one who accepted nothing yet.
  if (opts.consent !== false)
    await db.run(
      sql`insert into consent_ledger (user_id, finalidad, otorgada, version, canal, actor_id, created_at)
        select ${user.id}, codigo, 1, version, 'registro', ${user.id}, ${t} from privacy_purposes
        where version = (select max(version) from privacy_notices)`,
    );
  if (opts.role) {
    const role = await db.select().from(roles).where(eq(roles.nombre, opts.role)).get();
    if (!role) throw new Error(`unknown role ${opts.role}`);
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  } else {
    const role = await db
      .insert(roles)
      .values({ nombre: `ROL_${name}`.toUpperCase(), createdAt: t, updatedAt: t })
      .returning()
      .get();
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
    const perms = opts.perms ?? [];
    if (perms.length) {
      const ids = await db
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.code, perms));
      if (ids.length !== perms.length) throw new Error(`unknown permission in ${perms.join(', ')}`);
      await db.insert(rolePermissions).values(ids.map((p) => ({ roleId: role.id, permissionId: p.id })));
    }
  }
  return {
    id: user.id,
    email: user.email,
    userName: user.userName,
    password,
    referralCode: user.referralCode,
  };
}

/** Every page carries the footer text (product-spec §1). */
export async function expectFooter(page: Page) {
  const footer = page.getByText(FOOTER, { exact: true });
  await visible(footer);
  const count = await footer.count();
  if (count !== 1) throw new Error(`expected one footer on ${page.url()}, found ${count}`);
}

/** playwright-core has no web-first assertions: wait for the element to show (fails on timeout). */
export async function visible(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The first link in a mail body. */
export const linkIn = (body: string) => /https?:\/\/\S+/.exec(body)?.[0] ?? '';

let downloads: string | undefined;
/**
 * The downloaded file, saved in this file's temporary folder. `download.path()` works only with a
 * browser launched by this process; the run's Chromium is shared (tests/setup/e2e-global.ts).
 */
export async function savedDownload(download: Download): Promise<string> {
  if (!downloads) {
    const dir = (downloads = mkdtempSync(join(tmpdir(), 'e2e-downloads-')));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const path = join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return path;
}
