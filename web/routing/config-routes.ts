// The configuration screens of product-spec §2 (/app/configuracion/...), guarded by the CRUD
// permissions of permissions.ts. Lookup tables without /new and /edit edit in place.
import type { ConfigSection } from '@shared/permissions';
import { type AppRoute, configRoutes, CRUD } from '@/routing/route-types';

const cfg = '/app/configuracion';

const MI_PERFIL: [path: string, section: ConfigSection][] = [
  ['servicios', 'miperfil:servicios'],
  ['clasificacionusuarios', 'miperfil:clasificacionusuarios'],
  ['identidadessexuales', 'miperfil:identidadessexuales'],
  ['orientacionessexuales', 'miperfil:orientacionessexuales'],
  ['tiposdeoral', 'miperfil:tiposdeoral'],
  ['tiposdefantasiasyfetiches', 'miperfil:tiposdefantasiasyfetiches'],
  ['tiposdemasajes', 'miperfil:tiposdemasajes'],
  ['serviciosvirtuales', 'miperfil:serviciosvirtuales'],
  ['ojos', 'miperfil:ojos'],
  ['cabello', 'miperfil:cabello'],
  ['cuerpo', 'miperfil:cuerpo'],
  ['piel', 'miperfil:piel'],
  ['busto', 'miperfil:busto'],
  ['cola', 'miperfil:cola'],
  ['polla', 'miperfil:polla'],
  ['idioma', 'miperfil:idioma'],
  ['depilacion', 'miperfil:depilacion'],
  ['etnia', 'miperfil:etnia'],
  ['criptomoneda', 'miperfil:criptomoneda'],
];

export const CONFIG_ROUTES: AppRoute[] = [
  // Catalogue
  ...configRoutes(`${cfg}/catalogo/categoriaproductos`, 'catalogo:categoriaproductos'),
  ...configRoutes(`${cfg}/catalogo/productos`, 'catalogo:productos', CRUD),

  // General lookup tables
  ...configRoutes(`${cfg}/generales/terminosycondiciones`, 'generales:terminosycondiciones', CRUD),
  ...configRoutes(`${cfg}/generales/tiposusuario`, 'generales:tiposusuario'),
  ...configRoutes(`${cfg}/generales/parentesco`, 'generales:parentesco'),
  ...configRoutes(`${cfg}/generales/divisionPolitica/paises`, 'generales:paises'),
  ...configRoutes(`${cfg}/generales/divisionPolitica/departamentos`, 'generales:departamentos'),
  ...configRoutes(`${cfg}/generales/divisionPolitica/ciudades`, 'generales:ciudades'),
  ...configRoutes(`${cfg}/generales/metodosdepago`, 'generales:metodosdepago'),
  ...configRoutes(`${cfg}/generales/bancos`, 'generales:bancos'),
  ...configRoutes(`${cfg}/generales/monedas`, 'generales:monedas'),

  // Users and roles (the spec lists them twice: under usuarios/ and under seguridad/)
  ...configRoutes(`${cfg}/usuarios/roles`, 'seguridad:roles', CRUD),
  ...configRoutes(`${cfg}/usuarios/usuario`, 'seguridad:usuarios', CRUD),
  ...configRoutes(`${cfg}/seguridad/usuarios`, 'seguridad:usuarios', CRUD),
  ...configRoutes(`${cfg}/seguridad/roles`, 'seguridad:roles', CRUD),

  // Help configuration
  ...configRoutes(`${cfg}/centrodeayuda/preguntasfrecuentes`, 'centrodeayuda:preguntasfrecuentes', CRUD, 'Preguntas frecuentes'),
  ...configRoutes(`${cfg}/centrodeayuda/ayudasgraficas`, 'centrodeayuda:ayudasgraficas', CRUD),

  // Subscription types
  ...configRoutes(`${cfg}/miscompras/tipossuscripciones`, 'miscompras:tipossuscripciones', CRUD),

  // Profile catalogues
  ...MI_PERFIL.flatMap(([path, section]) => configRoutes(`${cfg}/miperfil/${path}`, section)),
];
