// The catalogues member screens read (issue 15 §3): the dashboard's first-run checklist names
// those that have no active row, and member selects explain an empty list. Isomorphic.

export type MemberCatalogue = { key: string; usedBy: string; required?: boolean };

export const MEMBER_CATALOGUES: readonly MemberCatalogue[] = [
  { key: 'terminosycondiciones', usedBy: 'Registro (términos vigentes)', required: true },
  { key: 'tiposidentificacion', usedBy: 'Registro e información personal', required: true },
  { key: 'paises', usedBy: 'Registro, información personal y ubicaciones', required: true },
  { key: 'departamentos', usedBy: 'Registro, información personal y ubicaciones' },
  { key: 'ciudades', usedBy: 'Registro, información personal y ubicaciones' },
  { key: 'niveleseducativos', usedBy: 'Registro e información personal' },
  { key: 'parentesco', usedBy: 'Beneficiarios', required: true },
  { key: 'metodosdepago', usedBy: 'Información de pago', required: true },
  { key: 'bancos', usedBy: 'Información de pago (cuenta bancaria)', required: true },
  { key: 'criptomoneda', usedBy: 'Información de pago (criptomoneda)' },
  { key: 'monedas', usedBy: 'Precios y pagos' },
  { key: 'clasificacionusuarios', usedBy: 'Perfil' },
  { key: 'identidadessexuales', usedBy: 'Perfil' },
  { key: 'orientacionessexuales', usedBy: 'Perfil' },
  { key: 'etnia', usedBy: 'Perfil' },
  { key: 'idioma', usedBy: 'Perfil (idiomas)' },
  { key: 'redes', usedBy: 'Perfil (redes sociales)' },
  { key: 'ojos', usedBy: 'Descripción física' },
  { key: 'cabello', usedBy: 'Descripción física' },
  { key: 'cuerpo', usedBy: 'Descripción física' },
  { key: 'piel', usedBy: 'Descripción física' },
  { key: 'busto', usedBy: 'Descripción física' },
  { key: 'cola', usedBy: 'Descripción física' },
  { key: 'polla', usedBy: 'Descripción física' },
  { key: 'depilacion', usedBy: 'Descripción física' },
  { key: 'servicios', usedBy: 'Servicios del perfil' },
  { key: 'tiposdeoral', usedBy: 'Servicios del perfil' },
  { key: 'tiposdefantasiasyfetiches', usedBy: 'Servicios del perfil' },
  { key: 'tiposdemasajes', usedBy: 'Servicios del perfil' },
  { key: 'serviciosvirtuales', usedBy: 'Servicios del perfil' },
  { key: 'tipossuscripciones', usedBy: 'Suscripciones' },
  { key: 'categoriaproductos', usedBy: 'Catálogo de compras' },
  { key: 'productos', usedBy: 'Catálogo de compras' },
];

/** What a member sees next to a select with nothing to choose. */
export const emptyCatalogueMessage = (label: string) =>
  `No hay opciones de ${label.toLowerCase()} todavía. Comunícate con el administrador para que las agregue.`;
