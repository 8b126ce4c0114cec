// The permission catalogue: every permission string the product knows, with a Spanish
// description. Routes (API and SPA), menus, tabs and buttons reference entries of it; the role
// editor shows it; the seed gives ADMINISTRADOR all of it. Isomorphic: the browser imports it.
import { RESOURCES, type ResourceSection } from './resources';
import { tabPermission, USER_TABS } from './user-tabs';

export type PermissionDef = { code: string; descripcion: string; grupo: string };

/** Actions a maintained table (lookup, catalogue, users, roles) offers. */
export const CRUD_ACTIONS = {
  view: 'Ver',
  new: 'Crear',
  edit: 'Editar',
  delete: 'Eliminar',
  export: 'Exportar',
  import: 'Importar',
} as const;
export type CrudAction = keyof typeof CRUD_ACTIONS;
/** A section's actions beyond its CRUD (decision 0461: Usuarios' «Desbloquear»), after them in the tree. */
export const EXTRA_SECTION_ACTIONS: Record<string, string> = { desbloquear: 'Desbloquear' };

/** Configuration sections that are not registry entries (their screens are their own). */
const OTHER_SECTIONS = {
  'seguridad:usuarios': 'Usuarios',
  'seguridad:roles': 'Roles',
} as const;

/**
 * Configuration sections: each is a screen under /app/configuracion/... with list, new and edit.
 * The key is the permission prefix `app:general:configuracion:{area}:{section}`. Every registry
 * entry (resources.ts) is one; users and roles are the others.
 */
export type ConfigSection = ResourceSection | keyof typeof OTHER_SECTIONS;

/** Section → its label, for a list of registry entries (a new entry's permissions appear here). */
export function configSections<S extends string>(
  resources: readonly { section: S; label: string; sectionLabel?: string }[],
): Record<S | keyof typeof OTHER_SECTIONS, string> {
  const sections: Partial<Record<S | keyof typeof OTHER_SECTIONS, string>> = {};
  for (const r of resources) sections[r.section] = r.sectionLabel ?? r.label;
  return { ...sections, ...OTHER_SECTIONS } as Record<S | keyof typeof OTHER_SECTIONS, string>;
}

export const CONFIG_SECTIONS: Record<ConfigSection, string> = configSections(RESOURCES);

/**
 * Configuration areas (the `{area}` of a section key) → their label: a registry entry's area is
 * named by the first step of its menu place; users and roles sit under Seguridad.
 */
export function configAreas(
  resources: readonly { section: string; menu?: { path: readonly string[] } }[],
): Record<string, string> {
  const areas: Record<string, string> = { seguridad: 'Seguridad' };
  for (const r of resources) {
    const area = r.section.split(':')[0]!;
    areas[area] ??= r.menu?.path[0] ?? area;
  }
  return areas;
}

export const CONFIG_AREAS: Record<string, string> = configAreas(RESOURCES);

export const configPermission = (section: ConfigSection, action: CrudAction) =>
  `app:general:configuracion:${section}:${action}`;

/** Permissions that are not a configuration table's CRUD. */
export const P = {
  miInformacionPersonal: 'app:general:miinformacionpersonal:view',
  perfil: 'app:perfil:general',
  misCompras: 'app:general:miscompras:miscompras:view',
  bonos: 'app:general:bonos',
  referidos: 'app:general:bonosreferidos:referidos:view',
  dashboard: 'app:general:reports:dashboard:view',
  dashboardAdmin: 'app:general:reports:dashboard:admin',
  usuariosRegistrados: 'app:general:consultas:usuariosregistrados:view',
  usuariosRegistradosEdit: 'app:general:consultas:usuariosregistrados:edit',
  consultaSuscripciones: 'app:general:consultas:suscripciones:view',
  historicoEstados: 'app:general:consultas:historicocambiodeestados:view',
  datosCompletos: 'app:general:consultas:datoscompletos:view',
  controlInformacionPersonal: 'app:administracion:controlinformacionpersonal:control',
  controlCompras: 'app:administracion:compras:control',
  anularCompras: 'app:administracion:compras:anular',
  extractos: 'app:administracion:extractos:control',
  conciliacionPagos: 'app:administracion:conciliacionpagos:control',
  controlPublicaciones: 'app:administracion:publicaciones:control',
  controlPerfil: 'app:administracion:perfil:control',
  controlSuscripciones: 'app:administracion:suscripciones:control',
  liquidacionBonos: 'app:administracion:liquidacionbonos:control',
  pagosBonos: 'app:administracion:liquidacionbonos:pagos',
  detalleBonos: 'app:administracion:detallebonos:control',
  parametrosBonos: 'app:administracion:liquidacionbonos:parametros',
  ajustesBonos: 'app:administracion:liquidacionbonos:ajustes',
  aprobarAjustesBonos: 'app:administracion:liquidacionbonos:aprobarajustes',
  aprobarCierreBonos: 'app:administracion:liquidacionbonos:aprobarcierre',
  sugerencias: 'app:centrodeayuda:sugerencias:view',
  enviarPreguntas: 'app:centrodeayuda:enviarpreguntas:view',
  preguntasFrecuentes: 'app:centrodeayuda:preguntasfrecuentes:view',
  agendarDemostraciones: 'app:centrodeayuda:agendarDemostraciones',
  controlCentroDeAyuda: 'app:centrodeayuda:control',
  actividad: 'app:administracion:actividad:view',
  compartirVistas: 'app:general:vistas:compartir',
  administrarVistas: 'app:general:vistas:administrar',
  estadoSistema: 'app:administracion:estadosistema:control',
  solicitudesDatos: 'app:administracion:solicitudesdatos:control',
  incidentesDatos: 'app:administracion:incidentesdatos:control',
  // Decision 0404: the privacy notice and the consent ledger, a group of their own.
  avisoPrivacidad: 'app:privacidad:aviso:control',
  tributario: 'app:general:configuracion:tributario:control',
  facturas: 'app:administracion:facturas:control',
  retencion: 'app:configuracion:tributario:retencion',
  retractos: 'app:administracion:retractos:control',
  // Decision 0461: lifting a sign-in lockout is its own permission, apart from editing users.
  desbloquearUsuarios: 'app:general:configuracion:seguridad:usuarios:desbloquear',
} as const;

const OTHER: PermissionDef[] = [
  { code: P.miInformacionPersonal, descripcion: 'Ver y editar mi información personal', grupo: 'Mi cuenta' },
  { code: P.perfil, descripcion: 'Gestionar mi perfil público', grupo: 'Mi cuenta' },
  { code: P.misCompras, descripcion: 'Comprar y ver mis compras y suscripciones', grupo: 'Mi cuenta' },
  { code: P.bonos, descripcion: 'Ver mis bonos de referidos', grupo: 'Mi cuenta' },
  { code: P.referidos, descripcion: 'Ver mi árbol de referidos', grupo: 'Mi cuenta' },
  { code: P.dashboard, descripcion: 'Ver el tablero con mis cifras', grupo: 'Reportes' },
  {
    code: P.dashboardAdmin,
    descripcion: 'Ver el tablero con las cifras de la plataforma',
    grupo: 'Reportes',
  },
  { code: P.usuariosRegistrados, descripcion: 'Consultar usuarios registrados', grupo: 'Consultas' },
  { code: P.usuariosRegistradosEdit, descripcion: 'Editar usuarios registrados', grupo: 'Consultas' },
  { code: P.consultaSuscripciones, descripcion: 'Consultar suscripciones', grupo: 'Consultas' },
  {
    code: P.historicoEstados,
    descripcion: 'Consultar el histórico de cambios de estado',
    grupo: 'Consultas',
  },
  {
    code: P.datosCompletos,
    descripcion: 'Ver datos sensibles: identificación, celular, cuentas y campos sensibles del perfil',
    grupo: 'Consultas',
  },
  {
    code: P.controlInformacionPersonal,
    descripcion: 'Revisar información personal y validación de identidad',
    grupo: 'Administración',
  },
  { code: P.controlCompras, descripcion: 'Administrar compras y confirmar pagos', grupo: 'Administración' },
  {
    code: P.anularCompras,
    descripcion: 'Anular compras pagadas (reembolsos) con un motivo',
    grupo: 'Administración',
  },
  {
    code: P.extractos,
    descripcion: 'Importar extractos bancarios y confirmar los pagos conciliados',
    grupo: 'Administración',
  },
  {
    code: P.conciliacionPagos,
    descripcion: 'Conciliar pagos: confirmar o rechazar comprobantes de compras sin pagar',
    grupo: 'Administración',
  },
  { code: P.controlPublicaciones, descripcion: 'Publicar perfiles', grupo: 'Administración' },
  { code: P.controlPerfil, descripcion: 'Revisar perfiles y galerías', grupo: 'Administración' },
  { code: P.controlSuscripciones, descripcion: 'Administrar suscripciones', grupo: 'Administración' },
  { code: P.liquidacionBonos, descripcion: 'Liquidar y pagar bonos', grupo: 'Administración' },
  {
    code: P.pagosBonos,
    descripcion: 'Generar los lotes de pago de bonos, descargar sus archivos y marcarlos pagados',
    grupo: 'Administración',
  },
  { code: P.detalleBonos, descripcion: 'Configurar porcentajes de bonos por nivel', grupo: 'Administración' },
  {
    code: P.parametrosBonos,
    descripcion: 'Configurar el pago mínimo de bonos y la aprobación del cierre',
    grupo: 'Administración',
  },
  {
    code: P.ajustesBonos,
    descripcion: 'Registrar ajustes manuales (créditos o débitos) en los bonos de un ciclo',
    grupo: 'Administración',
  },
  {
    code: P.aprobarAjustesBonos,
    descripcion: 'Aprobar o rechazar ajustes manuales de bonos registrados por otro administrador',
    grupo: 'Administración',
  },
  {
    code: P.aprobarCierreBonos,
    descripcion: 'Aprobar el cierre de un ciclo de bonos liquidado antes de generar los pagos',
    grupo: 'Administración',
  },
  {
    code: P.retencion,
    descripcion:
      'Configurar la retención en la fuente sobre bonos (tarifas, UVT), generar los certificados y el reporte mensual',
    grupo: 'Tributario',
  },
  {
    code: P.retractos,
    descripcion: 'Revisar las solicitudes de retracto de compras y aprobarlas o rechazarlas',
    grupo: 'Administración',
  },
  {
    code: P.actividad,
    descripcion: 'Ver la actividad y el historial de cambios, y restaurar campos',
    grupo: 'Administración',
  },
  { code: P.sugerencias, descripcion: 'Enviar sugerencias', grupo: 'Centro de ayuda' },
  { code: P.enviarPreguntas, descripcion: 'Enviar preguntas', grupo: 'Centro de ayuda' },
  { code: P.preguntasFrecuentes, descripcion: 'Ver preguntas frecuentes', grupo: 'Centro de ayuda' },
  { code: P.agendarDemostraciones, descripcion: 'Agendar demostraciones', grupo: 'Centro de ayuda' },
  {
    code: P.compartirVistas,
    descripcion: 'Compartir vistas guardadas de las grillas con un rol o con todos',
    grupo: 'Administración',
  },
  {
    code: P.administrarVistas,
    descripcion: 'Administrar las vistas compartidas de otros usuarios y compartir con cualquier rol',
    grupo: 'Administración',
  },
  {
    code: P.estadoSistema,
    descripcion:
      'Ver el estado del sistema (tareas programadas, correos, respaldos, errores) y reenviar correos fallidos',
    grupo: 'Administración',
  },
  {
    code: P.solicitudesDatos,
    descripcion:
      'Atender las solicitudes de los titulares de datos (consultas, reclamos, supresiones) y descargar sus datos',
    grupo: 'Administración',
  },
  {
    code: P.incidentesDatos,
    descripcion: 'Registrar incidentes de seguridad de datos personales y ver a quién avisar',
    grupo: 'Administración',
  },
  {
    code: P.avisoPrivacidad,
    descripcion:
      'Publicar versiones del aviso de privacidad y registrar autorizaciones de los titulares con su evidencia',
    grupo: 'Privacidad',
  },
  {
    code: P.tributario,
    descripcion:
      'Configurar los datos tributarios: emisor de las facturas y resoluciones de numeración de la DIAN',
    grupo: 'Tributario',
  },
  {
    code: P.facturas,
    descripcion: 'Consultar, reenviar y exportar las facturas electrónicas y notas crédito',
    grupo: 'Administración',
  },
  {
    code: P.controlCentroDeAyuda,
    descripcion: 'Atender sugerencias, preguntas y demostraciones',
    grupo: 'Centro de ayuda',
  },
  {
    code: P.desbloquearUsuarios,
    descripcion: 'Desbloquear: Usuarios (cuentas bloqueadas por intentos fallidos)',
    grupo: 'Configuración',
  },
];

/** The CRUD permissions of some configuration sections. */
export function sectionPermissions(sections: Record<string, string>): PermissionDef[] {
  return Object.entries(sections).flatMap(([section, label]) =>
    Object.entries(CRUD_ACTIONS).map(([action, verb]) => ({
      code: `app:general:configuracion:${section}:${action}`,
      descripcion: `${verb}: ${label}`,
      grupo: 'Configuración',
    })),
  );
}

export const PERMISSIONS: PermissionDef[] = [
  ...OTHER,
  ...USER_TABS.map((t) => ({
    code: tabPermission(t.key),
    descripcion: `Ver la pestaña ${t.label} del usuario registrado`,
    grupo: 'Consultas',
  })),
  ...sectionPermissions(CONFIG_SECTIONS),
];

export const PERMISSION_CODES: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.code));

/** What a member holds through the USUARIO role: its own screens. */
export const MEMBER_PERMISSIONS: string[] = [
  P.miInformacionPersonal,
  P.perfil,
  P.misCompras,
  P.bonos,
  P.referidos,
  P.dashboard,
  P.sugerencias,
  P.enviarPreguntas,
  P.preguntasFrecuentes,
  P.agendarDemostraciones,
];
