// The resource registry (docs/architecture.md): one entry per lookup table, and the only place a
// lookup table is declared. The generic router serves list / get / create / update / delete /
// toggle / excel / autocomplete for every entry, one list screen and one form screen render every
// entry, and these derive from it: the permission sections (permissions.ts), the SPA routes
// (web/routing/config-routes.ts), the Configuración menu leaves (web/shell/menu.ts, from `menu`),
// the dashboard's first-run checklist (worker/modules/reports/checklist.ts, from `firstRun`).
// Its Drizzle table is the schema export named by its key (worker/db/schema, e.g. `ojos` for
// mp_ojos); worker/modules/resources/tables.ts picks it by that name, so an entry without such a
// table does not compile. Adding a lookup table = its entry here + that table + npm run db:generate.
import type {
  ColumnDef,
  FieldDef,
  FilterDef,
  FirstRunNeed,
  MenuPlace,
  ResourceDef,
  SectionKey,
} from './resource-types';
import { ACCOUNT_TYPES, FIELDS_BY_TIPO, HOLDER_DOCUMENT_TYPES } from './collection-accounts';
import { DEFAULT_IVA, IVA_OPTIONS } from './invoicing';

const nombre: FieldDef = { name: 'nombre', label: 'Nombre', kind: 'text', required: true, max: 120 };
/** The VAT rate inside the price (decision 0432): 19, 5 or 0; 19 when left out. */
const ivaField: FieldDef = {
  name: 'tarifa_iva',
  label: 'Tarifa de IVA',
  kind: 'int',
  options: IVA_OPTIONS,
  defaultNumber: DEFAULT_IVA,
  help: 'Porcentaje de IVA incluido en el precio: 19, 5 o 0',
};
const descripcion: FieldDef = { name: 'descripcion', label: 'Descripción', kind: 'textarea', max: 1000 };
const codigo = (max = 20, required = true): FieldDef => ({
  name: 'codigo',
  label: 'Código',
  kind: 'text',
  required,
  max,
});
const activo: FieldDef = { name: 'activo', label: 'Activo', kind: 'bool' };

const col = {
  id: { field: 'id', header: 'ID', type: 'number', sortable: true } as ColumnDef,
  nombre: { field: 'nombre', header: 'Nombre', sortable: true } as ColumnDef,
  codigo: { field: 'codigo', header: 'Código', sortable: true } as ColumnDef,
  descripcion: { field: 'descripcion', header: 'Descripción' } as ColumnDef,
  activo: { field: 'activo', header: 'Estado', type: 'active', sortable: true } as ColumnDef,
  creado: { field: 'created_at', header: 'Creado', type: 'datetime', sortable: true } as ColumnDef,
};
const filt = {
  nombre: { field: 'nombre', label: 'Nombre', kind: 'text' } as FilterDef,
  codigo: { field: 'codigo', label: 'Código', kind: 'text' } as FilterDef,
  activo: { field: 'activo', label: 'Estado', kind: 'bool' } as FilterDef,
  creado: { field: 'created_at', label: 'Fecha de creación', kind: 'daterange' } as FilterDef,
};

type Names<K extends string, S extends SectionKey> = {
  key: K;
  section: S;
  route: string;
  endpoint: string;
  label: string;
  singular: string;
  article: 'el' | 'la';
  menu?: MenuPlace;
  sectionLabel?: string;
  firstRun?: FirstRunNeed;
};

function base<const K extends string, S extends SectionKey>(n: Names<K, S>) {
  return {
    key: n.key,
    section: n.section,
    ...(n.menu ? { menu: n.menu } : {}),
    ...(n.sectionLabel ? { sectionLabel: n.sectionLabel } : {}),
    ...(n.firstRun ? { firstRun: n.firstRun } : {}),
    route: `/app/configuracion/${n.route}`,
    endpoint: n.endpoint,
    label: n.label,
    singular: n.singular,
    deleteQuestion: `Seguro desea eliminar ${n.article} ${n.singular.toLowerCase()}?`,
  };
}

/** A lookup table of nombre, descripcion and activo: most of the registry. */
function simple<const K extends string, S extends SectionKey>(n: Names<K, S>): ResourceDef<K, S> {
  return {
    ...base(n),
    fields: [nombre, descripcion, activo],
    columns: [col.id, col.nombre, col.descripcion, col.activo, col.creado],
    filters: [filt.nombre, filt.activo, filt.creado],
    defaultSort: { field: 'nombre', dir: 'asc' },
    labelField: 'nombre',
    unique: [['nombre']],
    uniqueMessage: `Ya existe ${n.article === 'el' ? 'un' : 'una'} ${n.singular.toLowerCase()} con ese nombre`,
  };
}

/** A lookup table with a code as well as a name. */
function coded<const K extends string, S extends SectionKey>(
  n: Names<K, S>,
  extra: FieldDef[] = [],
  codeMax = 20,
): ResourceDef<K, S> {
  const s = simple(n);
  return {
    ...s,
    fields: [codigo(codeMax), nombre, ...extra, activo],
    columns: [
      col.id,
      col.codigo,
      col.nombre,
      ...extra
        .filter((f) => f.kind !== 'textarea')
        .map((f) => ({ field: f.name, header: f.label, sortable: true }) as ColumnDef),
      col.activo,
    ],
    filters: [filt.codigo, filt.nombre, filt.activo, filt.creado],
    unique: [['codigo']],
    uniqueMessage: `Ya existe ${n.article === 'el' ? 'un' : 'una'} ${n.singular.toLowerCase()} con ese código`,
  };
}

let miperfilOrder = 10;
/** A profile catalogue; each shows under Configuración › Mi perfil in registry order. */
const miperfil = <const K extends string, R extends string>(
  key: K,
  route: R,
  endpoint: string,
  label: string,
  singular: string,
  article: 'el' | 'la',
  usedBy?: string,
) =>
  simple({
    key,
    section: `miperfil:${route}` as const,
    route: `miperfil/${route}`,
    endpoint: `/miperfil/${endpoint}`,
    label,
    singular,
    article,
    menu: { path: ['Mi perfil'], order: miperfilOrder++ },
    ...(usedBy ? { firstRun: { usedBy } } : {}),
  });

/** An entry that overrides what a builder gives; the parameter type checks the literal. */
const def = <D extends ResourceDef>(d: D) => d;

const menu = (order: number, ...path: string[]): MenuPlace => ({ path, order });

export const METODO_PAGO_TIPOS = [
  { value: 'CUENTA_BANCARIA', label: 'Cuenta bancaria' },
  { value: 'BILLETERA', label: 'Billetera' },
  { value: 'CRIPTOMONEDA', label: 'Criptomoneda' },
] as const;

const REGISTRY = [
  // ── generales ──
  coded(
    {
      key: 'paises',
      section: 'generales:paises',
      route: 'generales/divisionPolitica/paises',
      endpoint: '/general/divisionPolitica/paises',
      label: 'Países',
      singular: 'País',
      article: 'el',
      firstRun: { usedBy: 'Registro, información personal y ubicaciones', required: true },
      menu: menu(7, 'Generales', 'División política'),
    },
    [],
    3,
  ),
  def({
    ...coded({
      key: 'departamentos',
      section: 'generales:departamentos',
      route: 'generales/divisionPolitica/departamentos',
      endpoint: '/general/divisionPolitica/departamentos',
      label: 'Departamentos',
      singular: 'Departamento',
      article: 'el',
      firstRun: { usedBy: 'Registro, información personal y ubicaciones' },
      menu: menu(8, 'Generales', 'División política'),
    }),
    fields: [
      { name: 'pais_id', label: 'País', kind: 'ref', ref: 'paises', required: true },
      codigo(),
      nombre,
      activo,
    ],
    columns: [col.id, { field: 'pais_id', header: 'País', type: 'text' }, col.codigo, col.nombre, col.activo],
    filters: [
      { field: 'pais_id', label: 'País', kind: 'ref', ref: 'paises' },
      filt.codigo,
      filt.nombre,
      filt.activo,
    ],
    unique: [['pais_id', 'codigo']],
  }),
  def({
    ...coded({
      key: 'ciudades',
      section: 'generales:ciudades',
      route: 'generales/divisionPolitica/ciudades',
      endpoint: '/general/divisionPolitica/ciudades',
      label: 'Ciudades',
      singular: 'Ciudad',
      article: 'la',
      firstRun: { usedBy: 'Registro, información personal y ubicaciones' },
      menu: menu(9, 'Generales', 'División política'),
    }),
    fields: [
      { name: 'departamento_id', label: 'Departamento', kind: 'ref', ref: 'departamentos', required: true },
      codigo(),
      nombre,
      activo,
    ],
    columns: [
      col.id,
      { field: 'departamento_id', header: 'Departamento', type: 'text' },
      col.codigo,
      col.nombre,
      col.activo,
    ],
    filters: [
      { field: 'departamento_id', label: 'Departamento', kind: 'ref', ref: 'departamentos' },
      filt.codigo,
      filt.nombre,
      filt.activo,
    ],
    unique: [['departamento_id', 'codigo']],
  }),
  coded(
    {
      key: 'tiposidentificacion',
      section: 'generales:tiposidentificacion',
      route: 'generales/tiposidentificacion',
      endpoint: '/general/tiposidentificacion',
      label: 'Tipos de identificación',
      singular: 'Tipo de identificación',
      article: 'el',
      firstRun: { usedBy: 'Registro e información personal', required: true },
      menu: menu(10, 'Generales'),
    },
    [],
    10,
  ),
  def({
    ...simple({
      key: 'niveleseducativos',
      section: 'generales:niveleseducativos',
      route: 'generales/niveleseducativos',
      endpoint: '/general/niveleseducativos',
      label: 'Niveles educativos',
      singular: 'Nivel educativo',
      article: 'el',
      firstRun: { usedBy: 'Registro e información personal' },
      menu: menu(11, 'Generales'),
    }),
    fields: [nombre, activo],
    columns: [col.id, col.nombre, col.activo, col.creado],
  }),
  simple({
    key: 'tiposusuario',
    section: 'generales:tiposusuario',
    route: 'generales/tiposusuario',
    endpoint: '/general/tiposusuarios',
    label: 'Tipos de usuario',
    singular: 'Tipo de usuario',
    article: 'el',
    menu: menu(5, 'Generales'),
  }),
  simple({
    key: 'parentesco',
    section: 'generales:parentesco',
    route: 'generales/parentesco',
    endpoint: '/general/parentescos',
    label: 'Parentescos',
    singular: 'Parentesco',
    article: 'el',
    firstRun: { usedBy: 'Beneficiarios', required: true },
    menu: { ...menu(6, 'Generales'), label: 'Parentesco' },
  }),
  def({
    ...simple({
      key: 'metodosdepago',
      section: 'generales:metodosdepago',
      route: 'generales/metodosdepago',
      endpoint: '/general/metodosdepago',
      label: 'Métodos de pago',
      singular: 'Método de pago',
      article: 'el',
      firstRun: { usedBy: 'Información de pago', required: true },
      menu: menu(1, 'Generales'),
    }),
    fields: [
      nombre,
      { name: 'tipo', label: 'Tipo', kind: 'option', required: true, options: METODO_PAGO_TIPOS },
      descripcion,
      activo,
    ],
    columns: [col.id, col.nombre, { field: 'tipo', header: 'Tipo', sortable: true }, col.activo],
    filters: [
      filt.nombre,
      { field: 'tipo', label: 'Tipo', kind: 'eq', options: METODO_PAGO_TIPOS },
      filt.activo,
    ],
    autocompleteFields: ['tipo'],
  }),
  coded({
    key: 'bancos',
    section: 'generales:bancos',
    route: 'generales/bancos',
    endpoint: '/general/bancos',
    label: 'Bancos',
    singular: 'Banco',
    article: 'el',
    firstRun: { usedBy: 'Información de pago (cuenta bancaria)', required: true },
    menu: menu(2, 'Generales'),
  }),
  coded(
    {
      key: 'monedas',
      section: 'generales:monedas',
      route: 'generales/monedas',
      endpoint: '/general/monedas',
      label: 'Monedas',
      singular: 'Moneda',
      article: 'la',
      firstRun: { usedBy: 'Precios y pagos' },
      menu: menu(3, 'Generales'),
    },
    [{ name: 'simbolo', label: 'Símbolo', kind: 'text', required: true, max: 5 }],
    3,
  ),
  def({
    ...base({
      key: 'terminosycondiciones',
      section: 'generales:terminosycondiciones',
      route: 'generales/terminosycondiciones',
      endpoint: '/general/terminosYCondiciones',
      label: 'Términos y condiciones',
      singular: 'Versión de términos',
      article: 'la',
      firstRun: { usedBy: 'Registro (términos vigentes)', required: true },
      menu: menu(4, 'Generales'),
    }),
    deleteQuestion: 'Seguro desea eliminar la versión de términos y condiciones?',
    fields: [
      { name: 'version', label: 'Versión', kind: 'text', required: true, max: 20 },
      { name: 'titulo', label: 'Título', kind: 'text', required: true, max: 200 },
      { name: 'contenido', label: 'Contenido', kind: 'textarea', required: true, max: 50_000 },
      { name: 'vigente', label: 'Vigente (se muestra en el registro)', kind: 'bool' },
      activo,
    ],
    columns: [
      col.id,
      { field: 'version', header: 'Versión', sortable: true },
      { field: 'titulo', header: 'Título', sortable: true },
      { field: 'vigente', header: 'Vigente', type: 'check', sortable: true },
      { field: 'file_name', header: 'Archivo PDF' },
      col.activo,
      col.creado,
    ],
    filters: [
      { field: 'titulo', label: 'Título', kind: 'text' },
      { field: 'vigente', label: 'Vigente', kind: 'bool' },
      filt.creado,
    ],
    defaultSort: { field: 'created_at', dir: 'desc' },
    labelField: 'titulo',
    unique: [['version']],
    uniqueMessage: 'Ya existe una versión de términos con ese número',
    file: { label: 'Documento PDF' },
  }),
  // ── miperfil ──
  miperfil('servicios', 'servicios', 'servicios', 'Servicios', 'Servicio', 'el', 'Servicios del perfil'),
  miperfil(
    'clasificacionusuarios',
    'clasificacionusuarios',
    'clasificacionusuarios',
    'Clasificación de usuarios',
    'Clasificación',
    'la',
    'Perfil',
  ),
  miperfil(
    'identidadessexuales',
    'identidadessexuales',
    'identidadessexuales',
    'Identidades sexuales',
    'Identidad sexual',
    'la',
    'Perfil',
  ),
  miperfil(
    'orientacionessexuales',
    'orientacionessexuales',
    'orientacionessexuales',
    'Orientaciones sexuales',
    'Orientación sexual',
    'la',
    'Perfil',
  ),
  miperfil(
    'tiposdeoral',
    'tiposdeoral',
    'tiposorales',
    'Tipos de oral',
    'Tipo de oral',
    'el',
    'Servicios del perfil',
  ),
  miperfil(
    'tiposdefantasiasyfetiches',
    'tiposdefantasiasyfetiches',
    'tiposfantasiasyfetiches',
    'Tipos de fantasías y fetiches',
    'Tipo de fantasía o fetiche',
    'el',
    'Servicios del perfil',
  ),
  miperfil(
    'tiposdemasajes',
    'tiposdemasajes',
    'tiposmasajes',
    'Tipos de masajes',
    'Tipo de masaje',
    'el',
    'Servicios del perfil',
  ),
  miperfil(
    'serviciosvirtuales',
    'serviciosvirtuales',
    'serviciosvirtuales',
    'Servicios virtuales',
    'Servicio virtual',
    'el',
    'Servicios del perfil',
  ),
  miperfil('ojos', 'ojos', 'ojos', 'Ojos', 'Color de ojos', 'el', 'Descripción física'),
  miperfil('cabello', 'cabello', 'cabellos', 'Cabello', 'Tipo de cabello', 'el', 'Descripción física'),
  miperfil('cuerpo', 'cuerpo', 'cuerpos', 'Cuerpo', 'Tipo de cuerpo', 'el', 'Descripción física'),
  miperfil('piel', 'piel', 'pieles', 'Piel', 'Tono de piel', 'el', 'Descripción física'),
  miperfil('busto', 'busto', 'bustos', 'Busto', 'Tipo de busto', 'el', 'Descripción física'),
  miperfil('cola', 'cola', 'colas', 'Cola', 'Tipo de cola', 'el', 'Descripción física'),
  miperfil('polla', 'polla', 'pollas', 'Polla', 'Tipo de polla', 'el', 'Descripción física'),
  miperfil('idioma', 'idioma', 'idiomas', 'Idiomas', 'Idioma', 'el', 'Perfil (idiomas)'),
  miperfil(
    'depilacion',
    'depilacion',
    'depilaciones',
    'Depilación',
    'Tipo de depilación',
    'el',
    'Descripción física',
  ),
  miperfil('etnia', 'etnia', 'etnias', 'Etnias', 'Etnia', 'la', 'Perfil'),
  def({
    ...coded(
      {
        key: 'criptomoneda',
        section: 'miperfil:criptomoneda',
        route: 'miperfil/criptomoneda',
        endpoint: '/miperfil/criptomonedas',
        label: 'Criptomonedas',
        singular: 'Criptomoneda',
        article: 'la',
        firstRun: { usedBy: 'Información de pago (criptomoneda)' },
        menu: menu(1, 'Mi perfil'),
      },
      [{ name: 'red', label: 'Red', kind: 'text', max: 40 }],
      10,
    ),
  }),
  def({
    ...simple({
      key: 'redes',
      section: 'miperfil:redes',
      route: 'miperfil/redes',
      endpoint: '/miperfil/redes',
      label: 'Redes sociales',
      singular: 'Red social',
      article: 'la',
      firstRun: { usedBy: 'Perfil (redes sociales)' },
      menu: menu(40, 'Mi perfil'),
    }),
    fields: [nombre, { name: 'url_base', label: 'URL base', kind: 'text', max: 200 }, activo],
    columns: [col.id, col.nombre, { field: 'url_base', header: 'URL base' }, col.activo],
  }),
  // ── centro de ayuda ──
  def({
    ...base({
      key: 'ayudasgraficas',
      section: 'centrodeayuda:ayudasgraficas',
      route: 'centrodeayuda/ayudasgraficas',
      endpoint: '/centrodeayuda/ayudasgraficas',
      label: 'Ayudas gráficas',
      singular: 'Ayuda gráfica',
      article: 'la',
      menu: menu(2, 'Centro de ayuda'),
    }),
    fields: [
      { name: 'titulo', label: 'Título', kind: 'text', required: true, max: 150 },
      { name: 'modulo', label: 'Módulo', kind: 'text', required: true, max: 80 },
      descripcion,
      activo,
    ],
    columns: [
      col.id,
      { field: 'titulo', header: 'Título', sortable: true },
      { field: 'modulo', header: 'Módulo', sortable: true },
      { field: 'imagenes', header: 'Imágenes', type: 'number' },
      col.activo,
    ],
    filters: [
      { field: 'titulo', label: 'Título', kind: 'text' },
      { field: 'modulo', label: 'Módulo', kind: 'text' },
      filt.activo,
    ],
    defaultSort: { field: 'titulo', dir: 'asc' },
    labelField: 'titulo',
    unique: [['titulo']],
    uniqueMessage: 'Ya existe una ayuda gráfica con ese título',
    images: { max: 20 },
  }),
  def({
    ...base({
      key: 'preguntasfrecuentes',
      section: 'centrodeayuda:preguntasfrecuentes',
      route: 'centrodeayuda/preguntasfrecuentes',
      endpoint: '/centrodeayuda/preguntasfrecuentes',
      label: 'Preguntas frecuentes',
      singular: 'Pregunta frecuente',
      article: 'la',
      menu: menu(1, 'Centro de ayuda'),
      sectionLabel: 'Preguntas frecuentes (configuración)',
    }),
    fields: [
      { name: 'pregunta', label: 'Pregunta', kind: 'text', required: true, max: 300 },
      { name: 'respuesta', label: 'Respuesta', kind: 'textarea', required: true, max: 5000 },
      { name: 'modulo', label: 'Módulo', kind: 'text', required: true, max: 80 },
      { name: 'orden', label: 'Orden', kind: 'int', min: 0, max: 10_000 },
      { name: 'ayudas_ids', label: 'Ayudas gráficas', kind: 'refs', ref: 'ayudasgraficas' },
      activo,
    ],
    columns: [
      col.id,
      { field: 'pregunta', header: 'Pregunta', sortable: true },
      { field: 'modulo', header: 'Módulo', sortable: true },
      { field: 'orden', header: 'Orden', type: 'number', sortable: true },
      { field: 'ayudas_ids', header: 'Ayudas gráficas', type: 'chips', labelField: 'titulo' },
      col.activo,
    ],
    filters: [
      { field: 'pregunta', label: 'Pregunta', kind: 'text' },
      { field: 'modulo', label: 'Módulo', kind: 'text' },
      filt.activo,
    ],
    defaultSort: { field: 'orden', dir: 'asc' },
    labelField: 'pregunta',
    unique: [['pregunta']],
    uniqueMessage: 'Ya existe una pregunta frecuente igual',
  }),
  // ── mis compras ──
  def({
    ...simple({
      key: 'tipossuscripciones',
      section: 'miscompras:tipossuscripciones',
      route: 'miscompras/tipossuscripciones',
      endpoint: '/miscompras/tipossuscripciones',
      label: 'Tipos de suscripciones',
      singular: 'Tipo de suscripción',
      article: 'el',
      firstRun: { usedBy: 'Suscripciones' },
      menu: menu(1, 'Mis compras'),
    }),
    fields: [
      nombre,
      { name: 'precio', label: 'Precio', kind: 'money', required: true },
      ivaField,
      { name: 'duracion_meses', label: 'Duración (meses)', kind: 'int', required: true, min: 1, max: 120 },
      descripcion,
      activo,
    ],
    columns: [
      col.id,
      col.nombre,
      { field: 'precio', header: 'Precio', type: 'money', sortable: true },
      { field: 'duracion_meses', header: 'Duración (meses)', type: 'number', sortable: true },
      col.activo,
    ],
  }),
  def({
    ...base({
      key: 'cuentasrecaudo',
      section: 'miscompras:cuentasrecaudo',
      route: 'miscompras/cuentasrecaudo',
      endpoint: '/miscompras/cuentasrecaudo',
      label: 'Cuentas de recaudo',
      singular: 'Cuenta de recaudo',
      article: 'la',
      firstRun: { usedBy: 'Instrucciones de pago de las compras', required: true },
      menu: menu(2, 'Mis compras'),
    }),
    fields: [
      { ...nombre, help: 'Cómo la verá el miembro, p. ej. «Bancolombia ahorros»' },
      { name: 'metodo_pago_id', label: 'Método de pago', kind: 'ref', ref: 'metodosdepago', required: true },
      { name: 'banco_id', label: 'Banco', kind: 'ref', ref: 'bancos' },
      { name: 'tipo_cuenta', label: 'Tipo de cuenta', kind: 'option', options: ACCOUNT_TYPES },
      { name: 'numero', label: 'Número de cuenta o celular', kind: 'text', max: 40 },
      { name: 'titular', label: 'Titular', kind: 'text', max: 150 },
      { name: 'tipo_documento', label: 'Tipo de documento', kind: 'option', options: HOLDER_DOCUMENT_TYPES },
      { name: 'documento', label: 'Documento del titular', kind: 'text', max: 20 },
      { name: 'criptomoneda_id', label: 'Criptomoneda', kind: 'ref', ref: 'criptomoneda' },
      { name: 'red', label: 'Red', kind: 'text', max: 40 },
      { name: 'direccion', label: 'Dirección de la billetera', kind: 'text', max: 120 },
      { name: 'orden', label: 'Orden', kind: 'int', min: 0, max: 10_000 },
      activo,
    ],
    columns: [
      col.id,
      { field: 'orden', header: 'Orden', type: 'number', sortable: true },
      col.nombre,
      { field: 'metodo_pago_id', header: 'Método de pago', type: 'text' },
      { field: 'banco_id', header: 'Banco', type: 'text' },
      { field: 'numero', header: 'Número', sortable: true },
      { field: 'titular', header: 'Titular', sortable: true },
      col.activo,
    ],
    filters: [
      filt.nombre,
      { field: 'metodo_pago_id', label: 'Método de pago', kind: 'ref', ref: 'metodosdepago' },
      filt.activo,
    ],
    defaultSort: { field: 'orden', dir: 'asc' },
    labelField: 'nombre',
    unique: [['nombre']],
    uniqueMessage: 'Ya existe una cuenta de recaudo con ese nombre',
    // The QR code of the account, kept through the image uploader like a product's images.
    images: { max: 1 },
    // Its rules across fields (collection-accounts.ts) run on the form's writes only.
    importable: false,
    // The payment method's tipo decides which of the account's fields apply (the API requires them).
    fieldsBy: { field: 'metodo_pago_id', extra: 'tipo', fields: FIELDS_BY_TIPO },
  }),
  // ── catálogo ──
  simple({
    key: 'categoriaproductos',
    section: 'catalogo:categoriaproductos',
    route: 'catalogo/categoriaproductos',
    endpoint: '/catalogo/categoriasproductos',
    label: 'Categorías de productos',
    singular: 'Categoría',
    article: 'la',
    firstRun: { usedBy: 'Catálogo de compras' },
    menu: menu(1, 'Catálogo'),
  }),
  def({
    ...base({
      key: 'productos',
      section: 'catalogo:productos',
      route: 'catalogo/productos',
      endpoint: '/catalogo/productos',
      label: 'Productos',
      singular: 'Producto',
      article: 'el',
      firstRun: { usedBy: 'Catálogo de compras' },
      menu: menu(2, 'Catálogo'),
    }),
    fields: [
      codigo(30),
      nombre,
      { name: 'categoria_id', label: 'Categoría', kind: 'ref', ref: 'categoriaproductos', required: true },
      { name: 'precio', label: 'Precio', kind: 'money', required: true },
      ivaField,
      descripcion,
      activo,
    ],
    columns: [
      col.id,
      col.codigo,
      col.nombre,
      { field: 'categoria_id', header: 'Categoría' },
      { field: 'precio', header: 'Precio', type: 'money', sortable: true },
      { field: 'imagenes', header: 'Imágenes', type: 'number' },
      col.activo,
      col.creado,
    ],
    filters: [
      filt.codigo,
      filt.nombre,
      { field: 'categoria_id', label: 'Categoría', kind: 'ref', ref: 'categoriaproductos' },
      filt.activo,
      filt.creado,
    ],
    defaultSort: { field: 'nombre', dir: 'asc' },
    labelField: 'nombre',
    unique: [['codigo']],
    uniqueMessage: 'Ya existe un producto con ese código',
    images: { max: 10 },
  }),
];

/** The key of a registry entry: what the table map and anything else per entry is keyed by. */
export type ResourceKey = (typeof REGISTRY)[number]['key'];
/** The permission sections the registry declares. */
export type ResourceSection = (typeof REGISTRY)[number]['section'];
export type RegistryEntry = ResourceDef<ResourceKey, ResourceSection>;

export const RESOURCES: RegistryEntry[] = REGISTRY;

export const RESOURCE_BY_KEY: ReadonlyMap<string, RegistryEntry> = new Map(RESOURCES.map((r) => [r.key, r]));

export function resource(key: string): RegistryEntry {
  const def = RESOURCE_BY_KEY.get(key);
  if (!def) throw new Error(`unknown resource ${key}`);
  return def;
}
