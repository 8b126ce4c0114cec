// Pure helpers over the referral tree: replace a branch, list ids, filter by username.
import type { TreeNode } from '@/features/referrals/referral-api';

/** The tree with `id`'s referrals replaced by a freshly loaded branch. */
export function withBranch(nodes: TreeNode[], id: number, branch: TreeNode[]): TreeNode[] {
  return nodes.map((n) =>
    n.id === id
      ? { ...n, referidos: branch }
      : n.referidos.length
        ? { ...n, referidos: withBranch(n.referidos, id, branch) }
        : n,
  );
}

export function allIds(nodes: TreeNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    out.push(n.id);
    allIds(n.referidos, out);
  }
  return out;
}

export const matches = (username: string, q: string) =>
  !!q && username.toLowerCase().includes(q.toLowerCase());

/** Nodes whose username matches, plus the ancestors leading to them (with only those children). */
export function filterTree(nodes: TreeNode[], q: string): TreeNode[] {
  if (!q) return nodes;
  return nodes.flatMap((n) => {
    const kids = filterTree(n.referidos, q);
    return matches(n.username, q) || kids.length ? [{ ...n, referidos: kids }] : [];
  });
}

export function countMatches(nodes: TreeNode[], q: string): number {
  return nodes.reduce((a, n) => a + (matches(n.username, q) ? 1 : 0) + countMatches(n.referidos, q), 0);
}
