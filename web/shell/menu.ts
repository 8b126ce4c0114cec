// The side menu of product-spec §2 as data, with the screens it omits added after its own
// entries (Mi espacio; more leaves under Consultas and Administración). The registry's lookup
// tables place their own leaves under Configuración (their `menu` in worker/shared/resources.ts).
// A leaf shows with its own permission (none = any signed-in user); a group shows when the user
// holds one inside it.
import { type ConfigSection, configPermission, P } from '@shared/permissions';
import type { MenuPlace } from '@shared/resource-types';
import { RESOURCES } from '@shared/resources';
import {
  CircleHelpIcon,
  CircleUserRoundIcon,
  ClipboardCheckIcon,
  type LucideIcon,
  SearchIcon,
  SettingsIcon,
  ShoppingBagIcon,
  UserRoundIcon,
} from 'lucide-react';

export type MenuLeaf = { kind: 'leaf'; label: string; path: string; permission?: string; icon?: LucideIcon };
export type MenuGroup = { kind: 'group'; label: string; children: MenuItem[]; icon?: LucideIcon };
export type MenuItem = MenuLeaf | MenuGroup;

const leaf = (label: string, path: string, permission?: string, icon?: LucideIcon): MenuLeaf => ({
  kind: 'leaf',
  label,
  path,
  permission,
  icon,
});
const group = (label: string, children: MenuItem[], icon?: LucideIcon): MenuGroup => ({
  kind: 'group',
  label,
  children,
  icon,
});

const cfg = '/app/configuracion';

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
      leaf: leaf(r.menu.label ?? r.label, r.route, configPermission(r.section, 'view')),
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

/** The whole side menu for a registry (MENU below is the real one; tests pass a longer registry). */
export function buildMenu(resources: readonly Placed[]): MenuItem[] {
  return [
    leaf('Mi información personal', '/app/miinformacionpersonal', P.miInformacionPersonal, UserRoundIcon),
    leaf('Mis compras', '/app/miscompras', P.misCompras, ShoppingBagIcon),
    group(
      'Consultas',
      [
        leaf('Usuarios registrados', '/app/consultas/usuariosregistrados', P.usuariosRegistrados),
        leaf('Histórico de cambios de estado', '/app/consultas/historicocambiodeestados', P.historicoEstados),
        leaf('Suscripciones', '/app/consultas/suscripciones', P.consultaSuscripciones),
      ],
      SearchIcon,
    ),
    group(
      'Administración',
      [
        leaf('Compras', '/app/administracion/compras', P.controlCompras),
        leaf(
          'Control de información personal',
          '/app/administracion/controlinformacionpersonal',
          P.controlInformacionPersonal,
        ),
        leaf('Control de perfiles', '/app/administracion/perfil/control', P.controlPerfil),
        leaf('Publicaciones', '/app/administracion/publicaciones/control', P.controlPublicaciones),
        leaf('Suscripciones', '/app/administracion/suscripciones/control', P.controlSuscripciones),
        leaf('Liquidación de bonos', '/app/administracion/liquidacionbonos', P.liquidacionBonos),
        leaf('Detalle de bonos', '/app/administracion/detallebonos', P.detalleBonos),
      ],
      ClipboardCheckIcon,
    ),
    group(
      'Centro de ayuda',
      [
        leaf('Preguntas frecuentes', '/app/centrodeayuda/preguntasfrecuentes', P.preguntasFrecuentes),
        leaf('Sugerencias', '/app/centrodeayuda/sugerencias', P.sugerencias),
        leaf('Enviar preguntas', '/app/centrodeayuda/enviarpreguntas', P.enviarPreguntas),
        leaf('Agendar demostración', '/app/centrodeayuda/agendardemostracion', P.agendarDemostraciones),
      ],
      CircleHelpIcon,
    ),
    group(
      'Configuración',
      [
        ...registryGroups(resources),
        group('Seguridad', [
          leaf('Usuarios', `${cfg}/seguridad/usuarios`, configPermission('seguridad:usuarios', 'view')),
          leaf('Cambio de contraseña', `${cfg}/seguridad/cambiodecontrasena`),
          leaf('Roles', `${cfg}/seguridad/roles`, configPermission('seguridad:roles', 'view')),
        ]),
      ],
      SettingsIcon,
    ),
    // Screens the spec's menu leaves out; its own entries and order stay first.
    group(
      'Mi espacio',
      [
        leaf('Mi perfil', '/app/perfil', P.perfil),
        leaf('Mis bonos', '/app/bonos', P.bonos),
        leaf('Mis referidos', '/app/bonosreferidos/referidos', P.referidos),
        leaf('Tablero', '/app/reports/dashboard', P.dashboard),
      ],
      CircleUserRoundIcon,
    ),
  ];
}

export const MENU: MenuItem[] = buildMenu(RESOURCES);

/** The menu as this user sees it: leaves they may open, groups with something inside. */
export function visibleMenu(items: MenuItem[], can: (...permissions: string[]) => boolean): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (item.kind === 'leaf') return !item.permission || can(item.permission) ? [item] : [];
    const children = visibleMenu(item.children, can);
    // A group shows only if the user holds one of its permissions (spec §2): a permission-less leaf
    // (Cambio de contraseña) alone does not open Configuración; visible child groups already qualify.
    return children.some((c) => c.kind === 'group' || c.permission) ? [{ ...item, children }] : [];
  });
}

/** Whether a group holds the page being shown (to open it on load). */
export function containsPath(item: MenuItem, pathname: string): boolean {
  if (item.kind === 'leaf') return pathname === item.path || pathname.startsWith(`${item.path}/`);
  return item.children.some((child) => containsPath(child, pathname));
}
