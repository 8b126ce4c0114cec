// Readable names of the state history's entities; an unknown one shows as stored.
const LABELS: Record<string, string> = {
  validacion_identidad: 'Validación de identidad',
  perfil: 'Perfil',
  publicacion: 'Publicación',
  perfil_media: 'Imagen de galería',
  compra: 'Compra',
  suscripcion: 'Suscripción',
  sugerencia: 'Sugerencia',
  pregunta: 'Pregunta',
  demostracion: 'Demostración',
  ciclo_bonificacion: 'Ciclo de bonos',
  ciclo_bonificacion_user: 'Pago de bonos',
  detalle_bonos: 'Porcentaje de bonos',
  patrocinador: 'Patrocinador',
  usuario: 'Usuario',
  usuario_roles: 'Roles del usuario',
  rol: 'Rol',
  rol_permisos: 'Permisos del rol',
};

export const entityLabel = (entity: string) =>
  LABELS[entity] ?? (entity.startsWith('exportacion:') ? `Exportación (${entity.slice(12)})` : entity);
