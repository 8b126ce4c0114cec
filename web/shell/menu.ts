// The side menu of docs/product-spec.md §2 as data, derived: the screens' leaves from SCREENS
// (web/routing/screens.ts, each screen's `menu`), the registry's lookup tables under Configuración
// from their entries (`menu` in worker/shared/resources.ts). Neither is written here.
// A leaf shows when the user holds its permissions (none = any signed-in user); a group shows when
// the user holds one inside it.
import { type ConfigSection, configPermission } from '@shared/permissions';
import type { MenuPlace } from '@shared/resource-types';
import { RESOURCES } from '@shared/resources';
import type { LucideIcon } from 'lucide-react';
import { entryPermissions, MENU_GROUPS, type ScreenDef, SCREENS } from '@/routing/screens';

export type MenuLeaf = {
  kind: 'leaf';
  label: string;
  path: string;
  /** All needed to see it; empty = any signed-in user. */
  permissions: readonly string[];
  icon?: LucideIcon;
};
export type MenuGroup = { kind: 'group'; label: string; children: MenuItem[]; icon?: LucideIcon };
export type MenuItem = MenuLeaf | MenuGroup;

const leaf = (label: string, path: string, permissions: readonly string[], icon?: LucideIcon): MenuLeaf => ({
  kind: 'leaf',
  label,
  path,
  permissions,
  icon,
});
const group = (label: string, children: MenuItem[], icon?: LucideIcon): MenuGroup => ({
  kind: 'group',
  label,
  children,
  icon,
});

/** Groups the Configuración menu shows first, in this order; a registry entry naming another group adds it after them. */
const CONFIG_GROUP_ORDER = ['Catálogo', 'Generales', 'Mi perfil', 'Mis compras', 'Centro de ayuda'];

type Placed = { menu?: MenuPlace; label: string; route: string; section: ConfigSection };

/** The Configuración groups holding the registry's menu leaves (each entry's `menu`), by order; a subgroup sits where its first leaf's order puts it. */
export function registryGroups(resources: readonly Placed[]): MenuGroup[] {
  type Node = { label: string; leaves: { order: number; leaf: MenuLeaf }[]; groups: Node[] };
  const root: Node = { label: '', leaves: [], groups: [] };
  const child = (node: Node, label: string) => {
    let found = node.groups.find((g) => g.label === label);
    if (!found) node.groups.push((found = { label, leaves: [], groups: [] }));
    return found;
  };
  for (const label of CONFIG_GROUP_ORDER) child(root, label);
  for (const r of resources) {
    if (!r.menu) continue;
    const node = r.menu.path.reduce(child, root);
    node.leaves.push({
      order: r.menu.order,
      leaf: leaf(r.menu.label ?? r.label, r.route, [configPermission(r.section, 'view')]),
    });
  }
  const orderOf = (node: Node): number =>
    Math.min(...node.leaves.map((l) => l.order), ...node.groups.map(orderOf));
  const toGroup = (node: Node): MenuGroup =>
    group(
      node.label,
      [
        ...node.leaves.map((l) => ({ order: l.order, item: l.leaf as MenuItem })),
        ...node.groups.map((g) => ({ order: orderOf(g), item: toGroup(g) as MenuItem })),
      ]
        .sort((x, y) => x.order - y.order)
        .map((x) => x.item),
    );
  return root.groups.filter((g) => g.leaves.length || g.groups.length).map(toGroup);
}

/**
 * The whole side menu for a screen table and a registry (MENU below is the real one; tests pass
 * longer ones). Leaves keep the screens' order; a group or subgroup sits where its first leaf
 * does; Configuración holds the registry's groups before its own subgroups.
 */
export function buildMenu(
  resources: readonly Placed[],
  screens: Readonly<Record<string, ScreenDef>> = SCREENS,
): MenuItem[] {
  const top: MenuItem[] = [];
  // `first` (the registry's groups, under Configuración) is built only when the group is created:
  // built for every Configuración screen, it cost the first page of every session ~4 ms.
  const groupOf = (items: MenuItem[], label: string, icon?: LucideIcon, first?: () => MenuItem[]) => {
    let found = items.find((i): i is MenuGroup => i.kind === 'group' && i.label === label);
    if (!found) items.push((found = group(label, first ? first() : [], icon)));
    return found.children;
  };
  const registry = () => registryGroups(resources);
  for (const s of Object.values(screens)) {
    if (!s.menu) continue;
    const { group: g, subgroup, label, icon } = s.menu;
    let items = top;
    if (g) items = groupOf(top, g, MENU_GROUPS[g], g === 'Configuración' ? registry : undefined);
    if (subgroup) items = groupOf(items, subgroup);
    items.push(leaf(label ?? s.title, s.path, entryPermissions(s), icon));
  }
  if (!top.some((i) => i.label === 'Configuración'))
    groupOf(top, 'Configuración', MENU_GROUPS.Configuración, registry);
  return top.filter((i) => i.kind === 'leaf' || i.children.length);
}

export const MENU: MenuItem[] = buildMenu(RESOURCES);

/** The menu as this user sees it: leaves they may open, groups with something inside. */
export function visibleMenu(items: MenuItem[], can: (...permissions: string[]) => boolean): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (item.kind === 'leaf') return can(...item.permissions) ? [item] : [];
    const children = visibleMenu(item.children, can);
    // A group shows only if the user holds one of its permissions (spec §2): a permission-less leaf
    // (Cambio de contraseña) alone does not open Configuración; visible child groups already qualify.
    return children.some((c) => c.kind === 'group' || c.permissions.length) ? [{ ...item, children }] : [];
  });
}

/** The leaves of a menu, in order. */
export const menuLeaves = (items: MenuItem[]): MenuLeaf[] =>
  items.flatMap((i) => (i.kind === 'leaf' ? [i] : menuLeaves(i.children)));

/**
 * Where /app and the no-access page's Dashboard button send this user: the first screen of their
 * menu (Mi información personal for whoever holds it, as spec §2 says), else Mi cuenta.
 */
export const landingPath = (can: (...permissions: string[]) => boolean, menu: MenuItem[] = MENU): string =>
  menuLeaves(visibleMenu(menu, can))[0]?.path ?? '/app/account';

/** Whether a group holds the page being shown (to open it on load). */
export function containsPath(item: MenuItem, pathname: string): boolean {
  if (item.kind === 'leaf') return pathname === item.path || pathname.startsWith(`${item.path}/`);
  return item.children.some((child) => containsPath(child, pathname));
}
