// Every private screen of product-spec §2 except the configuration tables (config-routes.ts).
// Spec §6 says bonus detail and referral-bonus routes carry no permission; we guard them with
// the matching catalogue entry because the API refuses those calls anyway.
import { configPermission, P } from '@shared/permissions';
import { type AppRoute, route } from '@/routing/route-types';

const changePassword = () => import('@/features/auth/change-password-page');

const shop = {
  page: () => import('@/features/shop/shop-page'),
  view: () => import('@/features/shop/purchase-view-page'),
  admin: () => import('@/features/shop/admin-purchases-page'),
  adminView: () => import('@/features/shop/admin-purchase-view-page'),
  subscriptionsQuery: () => import('@/features/shop/subscriptions-admin-page'),
  subscriptionsControl: () => import('@/features/shop/subscriptions-control-page'),
};

const bonuses = {
  mine: () => import('@/features/bonuses/my-bonuses-page'),
  rates: () => import('@/features/bonuses/rates-page'),
  rateEdit: () => import('@/features/bonuses/rate-edit-page'),
  settlement: () => import('@/features/bonuses/settlement-page'),
};

export const PRIVATE_ROUTES: AppRoute[] = [
  route('/app/account', 'Mi cuenta', [], () => import('@/features/account/account-page')),
  route(
    '/app/reports/dashboard',
    'Dashboard',
    [P.dashboard],
    () => import('@/features/dashboard/dashboard-page'),
  ),
  route(
    '/app/miinformacionpersonal',
    'Mi información personal',
    [P.miInformacionPersonal],
    () => import('@/features/profile/personal-info-page'),
  ),
  route('/app/perfil', 'Mi perfil', [P.perfil], () => import('@/features/profile/profile-page')),

  // Bonuses
  route('/app/bonos', 'Bonos', [P.bonos], bonuses.mine),
  route('/app/administracion/detallebonos', 'Detalle de bonos', [P.detalleBonos], bonuses.rates),
  route(
    '/app/administracion/detallebonos/edit/:id',
    'Detalle de bonos: editar registro',
    [P.detalleBonos],
    bonuses.rateEdit,
  ),
  route(
    '/app/administracion/liquidacionbonos',
    'Liquidación de bonos',
    [P.liquidacionBonos],
    bonuses.settlement,
  ),
  route(
    '/app/bonosreferidos/referidos',
    'Referidos',
    [P.referidos],
    () => import('@/features/referrals/referrals-page'),
  ),

  // Purchases
  route('/app/miscompras', 'Mis compras', [P.misCompras], shop.page),
  route('/app/miscompras/view/:id', 'Detalle de la compra', [P.misCompras], shop.view),

  // Help centre
  route(
    '/app/centrodeayuda/sugerencias',
    'Sugerencias',
    [P.sugerencias],
    () => import('@/features/help/suggestions-page'),
  ),
  route(
    '/app/centrodeayuda/agendardemostracion',
    'Agendar demostración',
    [P.agendarDemostraciones],
    () => import('@/features/help/demos-page'),
  ),
  route(
    '/app/centrodeayuda/enviarpreguntas',
    'Enviar preguntas',
    [P.enviarPreguntas],
    () => import('@/features/help/questions-page'),
  ),
  route(
    '/app/centrodeayuda/preguntasfrecuentes',
    'Preguntas frecuentes',
    [P.preguntasFrecuentes],
    () => import('@/features/help/faq-page'),
  ),
  route(
    '/app/centrodeayuda/preguntasfrecuentes/edit/:id',
    'Preguntas frecuentes: editar registro',
    [configPermission('centrodeayuda:preguntasfrecuentes', 'edit')],
    () => import('@/features/help/faq-edit-page'),
  ),

  // Queries
  route(
    '/app/consultas/usuariosregistrados',
    'Usuarios registrados',
    [P.usuariosRegistrados],
    () => import('@/features/review/registered-users-page'),
  ),
  route(
    '/app/consultas/usuariosregistrados/view/:id',
    'Usuario registrado',
    [P.usuariosRegistrados],
    () => import('@/features/review/registered-user-view-page'),
  ),
  route(
    '/app/consultas/usuariosregistrados/edit/:id',
    'Usuario registrado: editar',
    [P.usuariosRegistrados, P.usuariosRegistradosEdit],
    () => import('@/features/profile/registered-user-edit-page'),
  ),
  route(
    '/app/consultas/suscripciones',
    'Consulta de suscripciones',
    [P.consultaSuscripciones],
    shop.subscriptionsQuery,
  ),
  route(
    '/app/consultas/historicocambiodeestados',
    'Histórico de cambios de estado',
    [P.historicoEstados],
    () => import('@/features/review/history-page'),
  ),

  // Administration
  route(
    '/app/administracion/controlinformacionpersonal',
    'Control de información personal',
    [P.controlInformacionPersonal],
    () => import('@/features/review/identity-queue-page'),
  ),
  route(
    '/app/administracion/controlinformacionpersonal/view/:id',
    'Control de información personal: detalle',
    [P.controlInformacionPersonal],
    () => import('@/features/review/identity-review-page'),
  ),
  route('/app/administracion/compras', 'Administración de compras', [P.controlCompras], shop.admin),
  route(
    '/app/administracion/compras/view/:id',
    'Administración de compras: detalle',
    [P.controlCompras],
    shop.adminView,
  ),
  route(
    '/app/administracion/publicaciones/control',
    'Control de publicaciones',
    [P.controlPublicaciones],
    () => import('@/features/review/publication-queue-page'),
  ),
  route(
    '/app/administracion/publicaciones/control/view/:id',
    'Control de publicaciones: detalle',
    [P.controlPublicaciones],
    () => import('@/features/review/publication-review-page'),
  ),
  route(
    '/app/administracion/perfil/control',
    'Control de perfiles',
    [P.controlPerfil],
    () => import('@/features/review/profile-queue-page'),
  ),
  route(
    '/app/administracion/perfil/control/view/:id',
    'Control de perfiles: detalle',
    [P.controlPerfil],
    () => import('@/features/review/profile-review-page'),
  ),
  route(
    '/app/administracion/suscripciones/control',
    'Control de suscripciones',
    [P.controlSuscripciones],
    shop.subscriptionsControl,
  ),

  // Needs only a session
  route('/app/configuracion/seguridad/cambiodecontrasena', 'Cambio de contraseña', [], changePassword),
];
