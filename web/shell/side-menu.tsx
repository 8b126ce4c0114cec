import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { containsPath, MENU, type MenuItem, visibleMenu } from '@/shell/menu';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground';

function MenuNode({ item, depth }: { item: MenuItem; depth: number }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => containsPath(item, pathname));
  const indent = { paddingInlineStart: `${0.75 + depth * 0.75}rem` };
  const Icon = item.icon;

  if (item.kind === 'leaf') {
    return (
      <li>
        <NavLink
          to={item.path}
          style={indent}
          className={({ isActive }) =>
            cn(itemClass, isActive && 'bg-accent font-medium text-accent-foreground')
          }
        >
          {Icon ? (
            <Icon aria-hidden className="size-4 shrink-0" />
          ) : (
            <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-current opacity-50" />
          )}
          <span className="min-w-0 truncate" title={item.label}>
            {item.label}
          </span>
        </NavLink>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        style={indent}
        className={cn(itemClass, 'font-medium')}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {Icon && <Icon aria-hidden className="size-4 shrink-0" />}
        <span className="min-w-0 flex-1 truncate text-start">{item.label}</span>
        <ChevronDownIcon
          aria-hidden
          className={cn('size-4 shrink-0 transition-transform', !open && 'ltr:-rotate-90 rtl:rotate-90')}
        />
      </button>
      {open && (
        <ul className="mt-0.5 grid grid-cols-[minmax(0,1fr)] gap-0.5">
          {item.children.map((child) => (
            <MenuNode key={child.label} item={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The side menu filtered by the user's permissions. */
export function SideMenu() {
  const { can } = useSession();
  const items = visibleMenu(MENU, can);
  return (
    <nav aria-label="Menú principal" className="flex-1 overflow-y-auto px-3 py-3">
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5">
        {items.map((item) => (
          <MenuNode key={item.label} item={item} depth={0} />
        ))}
      </ul>
    </nav>
  );
}
