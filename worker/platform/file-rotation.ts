// The files' key rotation as a bounded job (docs/decisions/0371-files-key-ring-and-rotation.md): one step
// walks the store in key order from a saved cursor, brings each file to the current key — encrypts
// a file stored before encryption, re-wraps the envelope of an older key — and stops within its
// budget of storage requests and time, saving the cursor in `app_meta`. A walk is done once per
// key: when FILES_KEY changes, the next step starts a new walk; until then a step costs two
// database statements and no storage request. A lease in the same row keeps two steps from working at once.
import { and, eq, sql } from 'drizzle-orm';
import { appMeta } from '../db/schema';
import type { Db } from './db';
import type { BlobStore, Clock } from './ports';
import {
  ENVELOPE_PREFIX,
  isEncryptedKey,
  isSealed,
  PLAIN_PREFIXES,
  sealedBlobs,
  type Upgrade,
} from './sealed-blobs';

export const FILE_ROTATION_KEY = 'archivos_cifrado';
export type RotationCounts = Record<Upgrade, number>;
/** The saved state of the walk, the value of `app_meta` row `archivos_cifrado`. */
export type RotationState = {
  kid: string;
  /** The last key handled; null before the first. */
  after: string | null;
  done: boolean;
  counts: RotationCounts;
  startedAt: number;
  finishedAt?: number;
  leaseUntil?: number;
  owner?: string;
};
export type RotationStep = RotationState & {
  /** Another step holds the lease: nothing was done. */
  busy?: boolean;
  /** Storage requests this step made. */
  requests: number;
};
export type RotationBudget = { requests: number; ms: number };

/** A Worker invocation's share: well under the subrequest limit, and under a cron's CPU time. */
export const ROTATION_BUDGET: RotationBudget = { requests: 400, ms: 20_000 };
/** The most storage requests one file can take (its envelope, the file, and three writes). */
const PER_FILE = 5;
const PAGE = 100;

const zero = (): RotationCounts => ({ current: 0, rewrapped: 0, sealed: 0, missing: 0, unreadable: 0 });

/** Counts the requests a store makes (the budget is in storage requests, Workers' subrequests). */
function counted(inner: BlobStore) {
  const tally = { n: 0 };
  const count =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A) => {
      tally.n += 1;
      return f(...a);
    };
  const store: BlobStore = {
    put: count(inner.put.bind(inner)),
    get: count(inner.get.bind(inner)),
    delete: count(inner.delete.bind(inner)),
    list: count(inner.list.bind(inner)),
  };
  return { store, tally };
}

/** Past every ASCII key under `prefix` (keys are ASCII): where a walk resumes to skip it. */
const pastPrefix = (prefix: string) => `${prefix}\u00ff`;
const SKIPPED = [ENVELOPE_PREFIX, ...PLAIN_PREFIXES];

async function claim(db: Db, owner: string, now: number, until: number): Promise<RotationState | null> {
  const [, claimed] = await db.batch([
    db.insert(appMeta).values({ key: FILE_ROTATION_KEY, value: '{}' }).onConflictDoNothing(),
    db
      .update(appMeta)
      .set({ value: sql`json_set(${appMeta.value}, '$.leaseUntil', ${until}, '$.owner', ${owner})` })
      .where(
        and(
          eq(appMeta.key, FILE_ROTATION_KEY),
          sql`coalesce(json_extract(${appMeta.value}, '$.leaseUntil'), 0) <= ${now}`,
        ),
      )
      .returning({ value: appMeta.value }),
  ]);
  const row = claimed[0];
  return row ? (JSON.parse(row.value) as RotationState) : null;
}

async function release(db: Db, owner: string, state: RotationState) {
  const { leaseUntil: _l, owner: _o, ...saved } = state;
  await db
    .update(appMeta)
    .set({ value: JSON.stringify(saved) })
    .where(
      and(eq(appMeta.key, FILE_ROTATION_KEY), sql`json_extract(${appMeta.value}, '$.owner') = ${owner}`),
    );
}

/**
 * One bounded step of the walk. A plain function of the ports, for a cron trigger or a queue
 * consumer to call until it answers `done`; `restart` begins a new walk even when the current key's
 * is finished (after files were written with an old key, e.g. by an old deployment).
 */
export async function rotateFilesStep(
  ports: { db: Db; blobs: BlobStore; clock: Clock },
  budget: RotationBudget = ROTATION_BUDGET,
  opts: { restart?: boolean } = {},
): Promise<RotationStep> {
  const { db, blobs, clock } = ports;
  if (!isSealed(blobs)) throw new Error('rotateFilesStep needs the encrypting blob store (sealedBlobs)');
  const started = clock.now();
  const kid = (await blobs.sealing.ring.current()).kid;
  const owner = crypto.randomUUID();
  const saved = await claim(db, owner, started, started + budget.ms + 60_000);
  if (!saved)
    return { kid, after: null, done: false, counts: zero(), startedAt: started, busy: true, requests: 0 };
  let state: RotationState =
    saved.kid === kid && !opts.restart
      ? { ...saved, counts: { ...zero(), ...saved.counts } }
      : { kid, after: null, done: false, counts: zero(), startedAt: started };
  const { store, tally } = counted(blobs.sealing.inner);
  const view = sealedBlobs(store, blobs.sealing.ring);
  const spent = () => tally.n + PER_FILE > budget.requests || clock.now() - started >= budget.ms;
  try {
    walk: while (!state.done && !spent()) {
      const page = await store.list('', { after: state.after ?? undefined, limit: PAGE });
      for (const key of page.keys) {
        const skipped = SKIPPED.find((p) => key.startsWith(p));
        if (skipped) {
          state = { ...state, after: pastPrefix(skipped) };
          continue walk;
        }
        if (spent()) break walk;
        const outcome = isEncryptedKey(key) ? await view.sealing.upgrade(key) : 'current';
        state = { ...state, after: key, counts: { ...state.counts, [outcome]: state.counts[outcome] + 1 } };
      }
      if (page.next === null) state = { ...state, done: true, finishedAt: clock.now() };
    }
  } finally {
    await release(db, owner, state);
  }
  return { ...state, requests: tally.n };
}

/** The whole walk in this process (Node's `npm run files:rotate`): steps until done. */
export async function rotateAllFiles(
  ports: { db: Db; blobs: BlobStore; clock: Clock },
  opts: { restart?: boolean; onStep?: (step: RotationStep) => void } = {},
): Promise<RotationStep> {
  let step = await rotateFilesStep(ports, { requests: 5_000, ms: 60_000 }, { restart: opts.restart });
  opts.onStep?.(step);
  while (!step.done) {
    if (step.busy)
      throw new Error('Otra rotación de las claves de archivos está en curso; inténtelo más tarde.');
    step = await rotateFilesStep(ports, { requests: 5_000, ms: 60_000 });
    opts.onStep?.(step);
  }
  return step;
}
