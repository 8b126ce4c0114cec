// One node of the referral tree: a card with the username, level, number of direct referrals
// and the subscription chip; its referrals hang below it when expanded.
import { ChevronRightIcon, UsersIcon } from 'lucide-react';
import { Spinner } from '@/components/feedback/spinner';
import { ToneChip } from '@/components/status/tone-chip';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/format';
import type { TreeNode } from '@/features/referrals/referral-api';
import { matches } from '@/features/referrals/tree-ops';

type Props = {
  node: TreeNode;
  query: string;
  isExpanded: (n: TreeNode) => boolean;
  isBusy: (n: TreeNode) => boolean;
  canExpand: (n: TreeNode) => boolean;
  onToggle: (n: TreeNode) => void;
};

function Highlight({ text, query }: { text: string; query: string }) {
  const at = query ? text.toLowerCase().indexOf(query.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="rounded-sm bg-warning/25 px-0.5 text-foreground">
        {text.slice(at, at + query.length)}
      </mark>
      {text.slice(at + query.length)}
    </>
  );
}

const referidosText = (n: number) => plural(n, 'referido', 'referidos');

export function TreeNodeCard(props: Props) {
  const { node, query, isExpanded, isBusy, canExpand, onToggle } = props;
  const open = isExpanded(node);
  const expandable = canExpand(node);
  const hit = matches(node.username, query);
  return (
    <li
      role="treeitem"
      aria-expanded={expandable ? open : undefined}
      aria-level={node.nivel}
      aria-label={node.username}
      className="grid gap-2"
    >
      <div
        className={cn(
          'flex items-center gap-3 rounded-lg border bg-card p-3 shadow-xs',
          hit && 'border-warning ring-1 ring-warning/40',
        )}
        data-testid="referral-node"
      >
        {expandable ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`${open ? 'Contraer' : 'Expandir'} ${node.username}`}
            disabled={isBusy(node)}
            onClick={() => onToggle(node)}
          >
            {isBusy(node) ? (
              <Spinner />
            ) : (
              <ChevronRightIcon
                className={cn('transition-transform rtl:rotate-180', open && 'rotate-90 rtl:rotate-90')}
              />
            )}
          </Button>
        ) : (
          <span aria-hidden className="size-8 shrink-0" />
        )}
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground uppercase"
        >
          {node.username.slice(0, 2)}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <span className="truncate font-medium">
            <Highlight text={node.username} query={query} />
          </span>
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            Nivel {node.nivel}
            <span aria-hidden>·</span>
            <UsersIcon aria-hidden className="size-3" />
            {referidosText(node.total_referidos)}
          </span>
        </div>
        <ToneChip status={node.estado_suscripcion} tone={node.color} />
      </div>
      {open && node.referidos.length > 0 && (
        <ul role="group" className="ms-4 grid gap-2 border-s-2 border-dashed ps-4 sm:ms-7">
          {node.referidos.map((child) => (
            <TreeNodeCard key={child.id} {...props} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}
