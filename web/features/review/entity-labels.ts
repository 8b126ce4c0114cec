// Readable names of the state history's entities; an unknown one shows as stored.
const LABELS: Record<string, string> = {
  validacion_identidad: 'Validación de identidad',
  perfil: 'Perfil',
  publicacion: 'Publicación',
  perfil_media: 'Imagen de galería',
  compra: 'Compra',
  suscripcion: 'Suscripción',
};

export const entityLabel = (entity: string) => LABELS[entity] ?? (entity.startsWith('exportacion:') ? `Exportación (${entity.slice(12)})` : entity);
