// The readable name of every entity the activity log and the state history store (Actividad,
// Histórico de cambios de estado, a record's history, their Excel files), declared once for server
// and web. The configuration tables are named as in their menus (RESOURCES); an entity missing here
// shows as stored, so a new one should be added here.
import { RESOURCES } from './resources';

const OWN: Record<string, string> = {
  // Security.
  users: 'Usuarios',
  usuarios: 'Usuarios',
  usuario: 'Usuario',
  usuario_roles: 'Roles del usuario',
  roles: 'Roles',
  rol: 'Rol',
  rol_permisos: 'Permisos del rol',
  patrocinador: 'Patrocinador',
  // A member's information and profile.
  mis_datos: 'Mis datos',
  validacion_identidad: 'Validación de identidad',
  beneficiarios: 'Beneficiarios',
  informacion_pago: 'Información de pago',
  perfil: 'Perfil público',
  perfil_media: 'Imagen de galería',
  publicacion: 'Publicación del perfil',
  // Purchases and subscriptions.
  compra: 'Compra',
  compras: 'Compras',
  compras_productos: 'Productos de las compras',
  factura: 'Factura electrónica',
  facturas: 'Facturas electrónicas y notas crédito',
  facturacion_emisor: 'Emisor de las facturas',
  resolucion_facturacion: 'Resolución de numeración',
  suscripcion: 'Suscripción',
  suscripciones: 'Suscripciones',
  extracto: 'Extracto bancario',
  pasarela_transaccion: 'Transacción de la pasarela de pagos',
  // Bonuses.
  detallebonos: 'Porcentajes de bonos',
  detalle_bonos: 'Porcentaje de bonos',
  parametros_bonificacion: 'Parámetros de pago de bonos',
  ciclos_bonificacion: 'Liquidación de bonos',
  ciclo_bonificacion: 'Ciclo de bonos',
  ciclo_bonificacion_user: 'Bonos de un miembro en un ciclo',
  ajuste_bonificacion: 'Ajuste de bonos',
  liquidacion: 'Liquidación de bonos',
  lote_pago: 'Lote de pago de bonos',
  lotes_pago: 'Lote de pago de bonos',
  pagos_retenidos: 'Pagos de bonos retenidos',
  extracto_bonos: 'Extracto de bonos',
  // Withholding at source and withdrawals.
  parametros_retencion: 'Retención en la fuente',
  uvt_valores: 'Valor de la UVT',
  retracto: 'Solicitud de retracto',
  retencion_mensual: 'Reporte mensual de retención en la fuente',
  certificado_retenciones: 'Certificado de ingresos y retenciones',
  // Help and queries.
  sugerencia: 'Sugerencia',
  pregunta: 'Pregunta',
  demostracion: 'Demostración',
  actividad: 'Actividad',
  // Privacy (docs/privacy.md).
  aviso_privacidad: 'Aviso de privacidad',
  autorizaciones: 'Prueba de autorizaciones',
  historico: 'Histórico de cambios de estado',
};

export const ENTITY_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(RESOURCES.map((r) => [r.key, r.label])),
  ...OWN,
};

const PREFIXES: [string, string][] = [
  ['exportacion:', 'Exportación'],
  ['importacion:', 'Importación'],
];

/** «Ajuste de bonos» for `ajuste_bonificacion`; «Exportación (Bancos)» for `exportacion:bancos`. */
export function entityLabel(entity: string): string {
  const label = ENTITY_LABELS[entity];
  if (label) return label;
  for (const [prefix, what] of PREFIXES)
    if (entity.startsWith(prefix)) return `${what} (${entityLabel(entity.slice(prefix.length))})`;
  return entity;
}
