// The referral calls (worker/modules/bonuses/referrals.ts) through the typed client; reply types come from the handlers.
import type { ReferralNode } from '../../../worker/modules/bonuses';
import { client, ok, withSignal } from '@/lib/client';

const referidos = client.general.referidos;

export const getReferralLink = (signal?: AbortSignal) =>
  ok(referidos.link.$get(undefined, withSignal(signal)));
export const getReferrals = (signal?: AbortSignal) => ok(referidos.$get({ query: {} }, withSignal(signal)));
export type ReferralList = Awaited<ReturnType<typeof getReferrals>>;
export type Referral = ReferralList['data'][number];

const fetchTree = (query: { root?: number; depth?: number }, signal?: AbortSignal) =>
  ok(referidos.arbol.$get({ query }, withSignal(signal)));
/** The nested nodes: hc's JSON typing does not follow a recursive type, so the handler's own node type names them. */
export type TreeNode = ReferralNode;
export type Tree = Omit<Awaited<ReturnType<typeof fetchTree>>, 'data'> & { data: TreeNode[] };
export const getTree = (query: { root?: number; depth?: number }, signal?: AbortSignal): Promise<Tree> =>
  fetchTree(query, signal) as Promise<Tree>;

/** The API serves the tree three levels deep (the bonus depth). */
export const MAX_LEVEL = 3;
