// The role editor's permission tree, derived from the catalogue (permissions.ts) and the registry
// it reads: Configuración › area › section › action, Consultas › the user-detail tabs, and every
// other group flat. Isomorphic and pure: the SPA builds the tree from the stored catalogue.
import { CONFIG_AREAS, CONFIG_SECTIONS, CRUD_ACTIONS, type CrudAction } from './permissions';
import { USER_TABS } from './user-tabs';

export type PermissionItem = { code: string; descripcion: string; grupo: string };
export type PermissionLeaf<P extends PermissionItem> = { perm: P; label: string };
export type PermissionNode<P extends PermissionItem> = {
  key: string;
  label: string;
  children: PermissionNode<P>[];
  leaves: PermissionLeaf<P>[];
};

const CONFIG_PREFIX = 'app:general:configuracion:';
const TAB_PREFIX = 'app:general:consultas:usuariosregistrados:tab:';
const ACTION_ORDER = Object.keys(CRUD_ACTIONS);
const TAB_LABELS: Record<string, string> = Object.fromEntries(USER_TABS.map((t) => [t.key, t.label]));

/** Where one permission sits: the labels of its groups, outermost first, and its own label. */
export function permissionPlace(p: PermissionItem): { path: string[]; label: string } {
  if (p.code.startsWith(CONFIG_PREFIX)) {
    const parts = p.code.slice(CONFIG_PREFIX.length).split(':');
    const action = parts.pop() as CrudAction;
    const section = parts.join(':');
    const area = parts[0] ?? '';
    const sectionLabel = (CONFIG_SECTIONS as Record<string, string>)[section];
    // A section's own action beyond the six (e.g. unlocking users) sits with them, after them.
    if (sectionLabel)
      return {
        path: [p.grupo, CONFIG_AREAS[area] ?? area, sectionLabel],
        label: CRUD_ACTIONS[action] ?? p.descripcion,
      };
  }
  if (p.code.startsWith(TAB_PREFIX)) {
    const tab = TAB_LABELS[p.code.slice(TAB_PREFIX.length)];
    if (tab) return { path: [p.grupo, 'Pestañas del usuario registrado'], label: tab };
  }
  return { path: [p.grupo], label: p.descripcion };
}

const collator = new Intl.Collator('es', { sensitivity: 'base' });
const actionRank = (code: string) => {
  const i = ACTION_ORDER.indexOf(code.slice(code.lastIndexOf(':') + 1));
  return i < 0 ? ACTION_ORDER.length : i;
};

/**
 * The tree of a list of permissions. Groups keep the order they first appear in (the catalogue's,
 * or the server's); areas and sections below Configuración sort by name; a section's actions go
 * in the catalogue's order (Ver, Crear, Editar, Eliminar, Exportar, Importar).
 */
export function permissionTree<P extends PermissionItem>(list: readonly P[]): PermissionNode<P>[] {
  const root: PermissionNode<P> = { key: '', label: '', children: [], leaves: [] };
  for (const perm of list) {
    const { path, label } = permissionPlace(perm);
    let node = root;
    for (const step of path) {
      let next = node.children.find((c) => c.label === step);
      if (!next) {
        next = { key: `${node.key}/${step}`, label: step, children: [], leaves: [] };
        node.children.push(next);
      }
      node = next;
    }
    node.leaves.push({ perm, label });
  }
  const tidy = (node: PermissionNode<P>, depth: number) => {
    if (depth >= 1) node.children.sort((a, b) => collator.compare(a.label, b.label));
    if (depth >= 2) node.leaves.sort((a, b) => actionRank(a.perm.code) - actionRank(b.perm.code));
    for (const c of node.children) tidy(c, depth + 1);
  };
  for (const c of root.children) tidy(c, 1);
  return root.children;
}

/** Every permission code under a node. */
export function nodeCodes<P extends PermissionItem>(node: PermissionNode<P>): string[] {
  return [...node.leaves.map((l) => l.perm.code), ...node.children.flatMap(nodeCodes)];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The tree pruned to what matches a search (accent- and case-insensitive): a permission matches
 * on its code, its description or the name of any group above it; empty groups go.
 */
export function filterTree<P extends PermissionItem>(
  nodes: readonly PermissionNode<P>[],
  query: string,
  above = '',
): PermissionNode<P>[] {
  const q = fold(query.trim());
  if (!q) return [...nodes];
  const out: PermissionNode<P>[] = [];
  for (const n of nodes) {
    const path = `${above} ${n.label}`;
    const leaves = n.leaves.filter((l) =>
      fold(`${path} ${l.label} ${l.perm.code} ${l.perm.descripcion}`).includes(q),
    );
    const children = filterTree(n.children, query, path);
    if (leaves.length || children.length) out.push({ ...n, leaves, children });
  }
  return out;
}
