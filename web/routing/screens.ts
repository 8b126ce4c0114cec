// Every private screen of docs/product-spec.md §2 except the registry's lookup tables, declared once: its
// path, title, permissions, lazy component and place in the side menu. The routes (screenRoutes)
// and the side menu (web/shell/menu.ts) both derive from SCREENS, as the registry's list/new/edit
// routes and Configuración leaves derive from worker/shared/resources.ts.
//
// The menu follows SCREENS order: a screen with `menu` becomes a leaf of its group (none = top
// level), in the order written here, and a group sits where its first leaf does. So the spec's own
// menu (§2 "Side menu") comes first, then the screens it leaves out (Mi espacio).
//
// Spec §6 says bonus detail and referral-bonus routes carry no permission; we guard them with
// the matching catalogue entry because the API refuses those calls anyway.
import { type ConfigSection, configPermission, P } from '@shared/permissions';
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
import type { ScreenModule } from '@/routing/lazy-screen';
import { type AppRoute, configRoutes, CRUD, route, type VariantScreens } from '@/routing/route-types';

/** The side menu's top-level groups and their icons; Configuración also holds the registry's groups. */
export const MENU_GROUPS = {
  Consultas: SearchIcon,
  Administración: ClipboardCheckIcon,
  'Centro de ayuda': CircleHelpIcon,
  Configuración: SettingsIcon,
  'Mi espacio': CircleUserRoundIcon,
} satisfies Record<string, LucideIcon>;
export type MenuGroupLabel = keyof typeof MENU_GROUPS;

/** Where a screen shows in the side menu: its group (and subgroup), its label if not its title. */
export type MenuSpot = { group?: MenuGroupLabel; subgroup?: string; label?: string; icon?: LucideIcon };

type Load = () => Promise<ScreenModule>;
type Common = { path: string; title: string; menu?: MenuSpot };
/** One screen: the user must hold every one of `permissions` (none = any signed-in user). */
export type SingleScreen = Common & { permissions: readonly string[]; load: Load };
/** A table with screens of its own: list, /new and /edit/:id, each behind its section's permission. */
export type CrudScreen = Common & { section: ConfigSection; load: VariantScreens };
export type ScreenDef = SingleScreen | CrudScreen;

const cfg = '/app/configuracion';

const shop = {
  page: () => import('@/features/shop/shop-page'),
  view: () => import('@/features/shop/purchase-view-page'),
};
const userForm = () => import('@/features/security/user-form-page');
const USERS: VariantScreens = {
  list: () => import('@/features/security/users-list-page'),
  new: userForm,
  edit: userForm,
};
const roleForm = () => import('@/features/security/role-form-page');
const ROLES: VariantScreens = {
  list: () => import('@/features/security/roles-list-page'),
  new: roleForm,
  edit: roleForm,
};

export const SCREENS = {
  // ── the spec's side menu, in its order ──
  miInformacionPersonal: {
    path: '/app/miinformacionpersonal',
    title: 'Mi información personal',
    permissions: [P.miInformacionPersonal],
    load: () => import('@/features/profile/personal-info-page'),
    menu: { icon: UserRoundIcon },
  },
  misCompras: {
    path: '/app/miscompras',
    title: 'Mis compras',
    permissions: [P.misCompras],
    load: shop.page,
    menu: { icon: ShoppingBagIcon },
  },
  compra: {
    path: '/app/miscompras/view/:id',
    title: 'Detalle de la compra',
    permissions: [P.misCompras],
    load: shop.view,
  },

  usuariosRegistrados: {
    path: '/app/consultas/usuariosregistrados',
    title: 'Usuarios registrados',
    permissions: [P.usuariosRegistrados],
    load: () => import('@/features/review/registered-users-page'),
    menu: { group: 'Consultas' },
  },
  usuarioRegistrado: {
    path: '/app/consultas/usuariosregistrados/view/:id',
    title: 'Usuario registrado',
    permissions: [P.usuariosRegistrados],
    load: () => import('@/features/review/registered-user-view-page'),
  },
  usuarioRegistradoEdit: {
    path: '/app/consultas/usuariosregistrados/edit/:id',
    title: 'Usuario registrado: editar',
    permissions: [P.usuariosRegistrados, P.usuariosRegistradosEdit],
    load: () => import('@/features/profile/registered-user-edit-page'),
  },
  historicoEstados: {
    path: '/app/consultas/historicocambiodeestados',
    title: 'Histórico de cambios de estado',
    permissions: [P.historicoEstados],
    load: () => import('@/features/review/history-page'),
    menu: { group: 'Consultas' },
  },
  consultaSuscripciones: {
    path: '/app/consultas/suscripciones',
    title: 'Consulta de suscripciones',
    permissions: [P.consultaSuscripciones],
    load: () => import('@/features/shop/subscriptions-admin-page'),
    menu: { group: 'Consultas', label: 'Suscripciones' },
  },

  controlCompras: {
    path: '/app/administracion/compras',
    title: 'Administración de compras',
    permissions: [P.controlCompras],
    load: () => import('@/features/shop/admin-purchases-page'),
    menu: { group: 'Administración', label: 'Compras' },
  },
  controlCompra: {
    path: '/app/administracion/compras/view/:id',
    title: 'Administración de compras: detalle',
    permissions: [P.controlCompras],
    load: () => import('@/features/shop/admin-purchase-view-page'),
  },
  conciliacion: {
    path: '/app/administracion/extractos',
    title: 'Conciliación bancaria',
    permissions: [P.extractos],
    load: () => import('@/features/statement/statement-page'),
    menu: { group: 'Administración' },
  },
  conciliacionPagos: {
    path: '/app/administracion/conciliacion',
    title: 'Conciliación de pagos',
    permissions: [P.conciliacionPagos],
    load: () => import('@/features/shop/reconciliation-queue-page'),
    menu: { group: 'Administración' },
  },
  conciliacionPago: {
    path: '/app/administracion/conciliacion/view/:id',
    title: 'Conciliación de pagos: detalle',
    permissions: [P.conciliacionPagos],
    load: () => import('@/features/shop/reconciliation-item-page'),
  },
  controlInformacionPersonal: {
    path: '/app/administracion/controlinformacionpersonal',
    title: 'Control de información personal',
    permissions: [P.controlInformacionPersonal],
    load: () => import('@/features/review/identity-queue-page'),
    menu: { group: 'Administración' },
  },
  controlInformacionPersonalView: {
    path: '/app/administracion/controlinformacionpersonal/view/:id',
    title: 'Control de información personal: detalle',
    permissions: [P.controlInformacionPersonal],
    load: () => import('@/features/review/identity-review-page'),
  },
  controlPerfiles: {
    path: '/app/administracion/perfil/control',
    title: 'Control de perfiles',
    permissions: [P.controlPerfil],
    load: () => import('@/features/review/profile-queue-page'),
    menu: { group: 'Administración' },
  },
  controlPerfil: {
    path: '/app/administracion/perfil/control/view/:id',
    title: 'Control de perfiles: detalle',
    permissions: [P.controlPerfil],
    load: () => import('@/features/review/profile-review-page'),
  },
  controlPublicaciones: {
    path: '/app/administracion/publicaciones/control',
    title: 'Control de publicaciones',
    permissions: [P.controlPublicaciones],
    load: () => import('@/features/review/publication-queue-page'),
    menu: { group: 'Administración', label: 'Publicaciones' },
  },
  controlPublicacion: {
    path: '/app/administracion/publicaciones/control/view/:id',
    title: 'Control de publicaciones: detalle',
    permissions: [P.controlPublicaciones],
    load: () => import('@/features/review/publication-review-page'),
  },
  controlSuscripciones: {
    path: '/app/administracion/suscripciones/control',
    title: 'Control de suscripciones',
    permissions: [P.controlSuscripciones],
    load: () => import('@/features/shop/subscriptions-control-page'),
    menu: { group: 'Administración' },
  },
  liquidacionBonos: {
    path: '/app/administracion/liquidacionbonos',
    title: 'Liquidación de bonos',
    permissions: [P.liquidacionBonos],
    load: () => import('@/features/bonuses/settlement-page'),
    menu: { group: 'Administración' },
  },
  detalleBonos: {
    path: '/app/administracion/detallebonos',
    title: 'Detalle de bonos',
    permissions: [P.detalleBonos],
    load: () => import('@/features/bonuses/rates-page'),
    menu: { group: 'Administración' },
  },
  detalleBonosEdit: {
    path: '/app/administracion/detallebonos/edit/:id',
    title: 'Detalle de bonos: editar registro',
    permissions: [P.detalleBonos],
    load: () => import('@/features/bonuses/rate-edit-page'),
  },
  actividad: {
    path: '/app/administracion/actividad',
    title: 'Actividad',
    permissions: [P.actividad],
    load: () => import('@/features/activity/activity-page'),
    menu: { group: 'Administración' },
  },
  solicitudesDatos: {
    path: '/app/administracion/solicitudesdatos',
    title: 'Solicitudes de datos',
    permissions: [P.solicitudesDatos],
    load: () => import('@/features/privacy-desk/desk-page'),
    menu: { group: 'Administración' },
  },
  incidentesDatos: {
    path: '/app/administracion/incidentesdatos',
    title: 'Incidentes de datos',
    permissions: [P.incidentesDatos],
    load: () => import('@/features/privacy-desk/incidents-page'),
    menu: { group: 'Administración' },
  },
  estadoSistema: {
    path: '/app/administracion/estado-sistema',
    title: 'Estado del sistema',
    permissions: [P.estadoSistema],
    load: () => import('@/features/system/system-status-page'),
    menu: { group: 'Administración' },
  },
  retractos: {
    path: '/app/administracion/retractos',
    title: 'Retractos',
    permissions: [P.retractos],
    load: () => import('@/features/tax-withholding/withdrawals-page'),
    menu: { group: 'Administración' },
  },

  preguntasFrecuentes: {
    path: '/app/centrodeayuda/preguntasfrecuentes',
    title: 'Preguntas frecuentes',
    permissions: [P.preguntasFrecuentes],
    load: () => import('@/features/help/faq-page'),
    menu: { group: 'Centro de ayuda' },
  },
  preguntaFrecuenteEdit: {
    path: '/app/centrodeayuda/preguntasfrecuentes/edit/:id',
    title: 'Preguntas frecuentes: editar registro',
    permissions: [configPermission('centrodeayuda:preguntasfrecuentes', 'edit')],
    load: () => import('@/features/help/faq-edit-page'),
  },
  sugerencias: {
    path: '/app/centrodeayuda/sugerencias',
    title: 'Sugerencias',
    permissions: [P.sugerencias],
    load: () => import('@/features/help/suggestions-page'),
    menu: { group: 'Centro de ayuda' },
  },
  enviarPreguntas: {
    path: '/app/centrodeayuda/enviarpreguntas',
    title: 'Enviar preguntas',
    permissions: [P.enviarPreguntas],
    load: () => import('@/features/help/questions-page'),
    menu: { group: 'Centro de ayuda' },
  },
  agendarDemostracion: {
    path: '/app/centrodeayuda/agendardemostracion',
    title: 'Agendar demostración',
    permissions: [P.agendarDemostraciones],
    load: () => import('@/features/help/demos-page'),
    menu: { group: 'Centro de ayuda' },
  },
  // Every signed-in user may exercise his rights (Ley 1581 de 2012, art. 8): no permission.
  solicitudesDeDatos: {
    path: '/app/centrodeayuda/solicitudesdatos',
    title: 'Mis solicitudes de datos',
    permissions: [],
    load: () => import('@/features/privacy-desk/requests-page'),
    menu: { group: 'Centro de ayuda' },
  },

  // Configuración: the registry's groups first (web/shell/menu.ts), then Seguridad.
  // The privacy notice and its versions (docs/privacy.md «Aviso y autorizaciones», decision 0404).
  privacidad: {
    path: `${cfg}/privacidad`,
    title: 'Privacidad',
    permissions: [P.avisoPrivacidad],
    load: () => import('@/features/privacy/notice-page'),
    menu: { group: 'Configuración' },
  },
  usuarios: {
    path: `${cfg}/seguridad/usuarios`,
    title: 'Usuarios',
    section: 'seguridad:usuarios',
    load: USERS,
    menu: { group: 'Configuración', subgroup: 'Seguridad' },
  },
  cambioDeContrasena: {
    path: `${cfg}/seguridad/cambiodecontrasena`,
    title: 'Cambio de contraseña',
    permissions: [],
    load: () => import('@/features/auth/change-password-page'),
    menu: { group: 'Configuración', subgroup: 'Seguridad' },
  },
  roles: {
    path: `${cfg}/seguridad/roles`,
    title: 'Roles',
    section: 'seguridad:roles',
    load: ROLES,
    menu: { group: 'Configuración', subgroup: 'Seguridad' },
  },
  tributario: {
    path: '/app/configuracion/tributario',
    title: 'Tributario',
    permissions: [P.tributario],
    load: () => import('@/features/tax-settings/tax-settings-page'),
    menu: { group: 'Configuración', subgroup: 'Tributario', label: 'Datos tributarios' },
  },
  retencionEnLaFuente: {
    path: `${cfg}/tributario/retencion`,
    title: 'Retención en la fuente',
    permissions: [P.retencion],
    load: () => import('@/features/tax-withholding/withholding-settings-page'),
    menu: { group: 'Configuración', subgroup: 'Tributario' },
  },

  // ── screens the spec's menu leaves out ──
  perfil: {
    path: '/app/perfil',
    title: 'Mi perfil',
    permissions: [P.perfil],
    load: () => import('@/features/profile/profile-page'),
    menu: { group: 'Mi espacio' },
  },
  bonos: {
    path: '/app/bonos',
    title: 'Bonos',
    permissions: [P.bonos],
    load: () => import('@/features/bonuses/my-bonuses-page'),
    menu: { group: 'Mi espacio', label: 'Mis bonos' },
  },
  referidos: {
    path: '/app/bonosreferidos/referidos',
    title: 'Referidos',
    permissions: [P.referidos],
    load: () => import('@/features/referrals/referrals-page'),
    menu: { group: 'Mi espacio', label: 'Mis referidos' },
  },
  dashboard: {
    path: '/app/reports/dashboard',
    title: 'Dashboard',
    permissions: [P.dashboard],
    load: () => import('@/features/dashboard/dashboard-page'),
    menu: { group: 'Mi espacio', label: 'Tablero' },
  },

  // ── no menu leaf ──
  cuenta: {
    path: '/app/account',
    title: 'Mi cuenta',
    permissions: [],
    load: () => import('@/features/account/account-page'),
  },
  // The spec lists users and roles twice: under usuarios/ and under seguridad/.
  usuariosAlias: {
    path: `${cfg}/usuarios/usuario`,
    title: 'Usuarios',
    section: 'seguridad:usuarios',
    load: USERS,
  },
  rolesAlias: { path: `${cfg}/usuarios/roles`, title: 'Roles', section: 'seguridad:roles', load: ROLES },
} satisfies Record<string, ScreenDef>;

export type ScreenKey = keyof typeof SCREENS;

/** The routes of a screen table (SCREEN_ROUTES holds the real one's; tests pass a longer table). */
export function screenRoutes(screens: Readonly<Record<string, ScreenDef>>): AppRoute[] {
  return Object.values(screens).flatMap((s) =>
    'section' in s
      ? configRoutes(s.path, s.section, CRUD, s.title, s.load)
      : [route(s.path, s.title, [...s.permissions], s.load)],
  );
}

/** The permissions that open a screen's first page (a table's list: its view permission). */
export const entryPermissions = (s: ScreenDef): string[] =>
  'section' in s ? [configPermission(s.section, 'view')] : [...s.permissions];

export const SCREEN_ROUTES: AppRoute[] = screenRoutes(SCREENS);
