// The side menu of product-spec §2 as data, with the screens it omits added after its own
// entries (Mi espacio; more leaves under Consultas and Administración). A leaf shows with its own
// permission (none = any signed-in user); a group shows when the user holds one inside it.
import { configPermission, P } from '@shared/permissions';
import { RESOURCE_BY_KEY, RESOURCES } from '@shared/resources';
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
const group = (label: string, children: MenuItem[], icon?: LucideIcon): MenuGroup => ({ kind: 'group', label, children, icon });

const cfg = '/app/configuracion';

/** Leaves for registry entries, with the registry's label, route and view permission. */
const registryLeaves = (keys: string[]): MenuLeaf[] =>
  keys.map((k) => {
    const def = RESOURCE_BY_KEY.get(k)!;
    return leaf(def.label, def.route, configPermission(def.section, 'view'));
  });

export const MENU: MenuItem[] = [
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
      leaf('Control de información personal', '/app/administracion/controlinformacionpersonal', P.controlInformacionPersonal),
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
      group('Catálogo', [
        leaf('Categorías de productos', `${cfg}/catalogo/categoriaproductos`, configPermission('catalogo:categoriaproductos', 'view')),
        leaf('Productos', `${cfg}/catalogo/productos`, configPermission('catalogo:productos', 'view')),
      ]),
      group('Generales', [
        leaf('Métodos de pago', `${cfg}/generales/metodosdepago`, configPermission('generales:metodosdepago', 'view')),
        leaf('Bancos', `${cfg}/generales/bancos`, configPermission('generales:bancos', 'view')),
        leaf('Monedas', `${cfg}/generales/monedas`, configPermission('generales:monedas', 'view')),
        leaf('Términos y condiciones', `${cfg}/generales/terminosycondiciones`, configPermission('generales:terminosycondiciones', 'view')),
        leaf('Tipos de usuario', `${cfg}/generales/tiposusuario`, configPermission('generales:tiposusuario', 'view')),
        leaf('Parentesco', `${cfg}/generales/parentesco`, configPermission('generales:parentesco', 'view')),
        group('División política', [
          leaf('Países', `${cfg}/generales/divisionPolitica/paises`, configPermission('generales:paises', 'view')),
          leaf('Departamentos', `${cfg}/generales/divisionPolitica/departamentos`, configPermission('generales:departamentos', 'view')),
          leaf('Ciudades', `${cfg}/generales/divisionPolitica/ciudades`, configPermission('generales:ciudades', 'view')),
        ]),
        // Not in the spec's menu; member screens read them.
        ...registryLeaves(['tiposidentificacion', 'niveleseducativos']),
      ]),
      group('Mi perfil', [
        leaf('Criptomonedas', `${cfg}/miperfil/criptomoneda`, configPermission('miperfil:criptomoneda', 'view')),
        // The profile catalogues the spec's menu omits (issue 15 §3), in registry order.
        ...registryLeaves(RESOURCES.filter((r) => r.section.startsWith('miperfil:') && r.key !== 'criptomoneda').map((r) => r.key)),
      ]),
      group('Mis compras', registryLeaves(['tipossuscripciones'])),
      group('Centro de ayuda', [
        leaf('Preguntas frecuentes', `${cfg}/centrodeayuda/preguntasfrecuentes`, configPermission('centrodeayuda:preguntasfrecuentes', 'view')),
        leaf('Ayudas gráficas', `${cfg}/centrodeayuda/ayudasgraficas`, configPermission('centrodeayuda:ayudasgraficas', 'view')),
      ]),
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
