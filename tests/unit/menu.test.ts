// The side menu and the private routes come from one screen table (web/routing/screens.ts) and the
// registry: the spec's menu keeps its entries and order, every registry table is reachable from
// Configuración behind its view permission, a new screen brings its route and its leaf with it, and
// /app sends each user to the first screen of their menu.
import { describe, expect, it } from 'vitest';
import { configPermission, P } from '../../worker/shared/permissions';
import { RESOURCES } from '../../worker/shared/resources';
import { screenRoutes, SCREENS, SCREEN_ROUTES, type ScreenDef } from '../../web/routing/screens';
import {
  buildMenu,
  landingPath,
  MENU,
  type MenuItem,
  menuLeaves as leaves,
  visibleMenu,
} from '../../web/shell/menu';

/** The menu as labels: a leaf as its label, a group as [label, children]. */
type Shape = string | [string, Shape[]];
const shape = (items: MenuItem[]): Shape[] =>
  items.map((i) => (i.kind === 'leaf' ? i.label : [i.label, shape(i.children)]));
const holding =
  (...held: string[]) =>
  (...p: string[]) =>
    p.every((x) => held.includes(x));

describe('side menu', () => {
  it("keeps the spec's entries and order, then the screens it leaves out (Mi espacio)", () => {
    const top = shape(MENU);
    expect(top.map((i) => (typeof i === 'string' ? i : i[0]))).toEqual([
      'Mi información personal',
      'Mis compras',
      'Consultas',
      'Administración',
      'Centro de ayuda',
      'Configuración',
      'Mi espacio',
    ]);
    expect(top[2]).toEqual([
      'Consultas',
      ['Usuarios registrados', 'Histórico de cambios de estado', 'Suscripciones'],
    ]);
    expect(top[3]).toEqual([
      'Administración',
      [
        'Compras',
        'Conciliación bancaria',
        'Conciliación de pagos',
        'Control de información personal',
        'Control de perfiles',
        'Publicaciones',
        // Not «Suscripciones» twice in one menu (Consultas has the query of the same name).
        'Control de suscripciones',
        'Liquidación de bonos',
        'Detalle de bonos',
        // Issue 22: not in the spec's menu, the last leaf of its group.
        'Actividad',
        'Solicitudes de datos',
        'Incidentes de datos',
        'Estado del sistema',
        // The withdrawal requests' queue (decision 0449).
        'Retractos',
      ],
    ]);
    expect(top[4]).toEqual([
      'Centro de ayuda',
      [
        'Preguntas frecuentes',
        'Sugerencias',
        'Enviar preguntas',
        'Agendar demostración',
        'Mis solicitudes de datos',
      ],
    ]);
    const config = top[5] as [string, Shape[]];
    expect(config[1].map((g) => (typeof g === 'string' ? g : g[0]))).toEqual([
      'Catálogo',
      'Generales',
      'Mi perfil',
      'Mis compras',
      'Centro de ayuda',
      // The privacy notice's versions (decision 0404): a screen of its own, before Seguridad.
      'Privacidad',
      'Seguridad',
      'Tributario',
    ]);
    expect(config[1].at(-2)).toEqual(['Seguridad', ['Usuarios', 'Cambio de contraseña', 'Roles']]);
    expect(config[1].at(-1)).toEqual(['Tributario', ['Datos tributarios', 'Retención en la fuente']]);
    expect(top[6]).toEqual(['Mi espacio', ['Mi perfil', 'Mis bonos', 'Mis referidos', 'Tablero']]);
  });

  it("gives each screen's leaf the path and permissions of its route", () => {
    const routes = new Map(SCREEN_ROUTES.map((r) => [r.path, r.permissions]));
    const screenLeaves = leaves(MENU).filter((l) => !RESOURCES.some((r) => r.route === l.path));
    expect(screenLeaves).toHaveLength(34);
    for (const l of screenLeaves) expect(l.permissions, l.path).toEqual(routes.get(l.path));
    expect(leaves(MENU).find((l) => l.label === 'Usuarios')).toMatchObject({
      path: '/app/configuracion/seguridad/usuarios',
      permissions: [configPermission('seguridad:usuarios', 'view')],
    });
  });

  it('links every registry table with its view permission', () => {
    const all = leaves(MENU);
    for (const def of RESOURCES) {
      const leaf = all.find((l) => l.path === def.route);
      expect(leaf, def.route).toBeDefined();
      expect(leaf!.permissions).toEqual([configPermission(def.section, 'view')]);
    }
  });

  it('shows a profile catalogue only to its holder, and keeps Criptomonedas first under Mi perfil', () => {
    const menu = visibleMenu(MENU, holding(configPermission('miperfil:ojos', 'view')));
    expect(leaves(menu).map((l) => l.label)).toEqual(['Ojos']);
    const config = MENU.find((i) => i.label === 'Configuración')!;
    const perfil = config.kind === 'group' ? config.children.find((c) => c.label === 'Mi perfil') : undefined;
    expect(perfil && perfil.kind === 'group' ? perfil.children[0]!.label : '').toBe('Criptomonedas');
  });

  it('shows someone holding only Mis compras exactly that entry', () => {
    expect(shape(visibleMenu(MENU, holding(P.misCompras)))).toEqual(['Mis compras']);
  });

  it('does not open Configuración for Cambio de contraseña alone', () => {
    // Mis solicitudes de datos is every signed-in user's (Ley 1581 de 2012, art. 8).
    expect(shape(visibleMenu(MENU, holding(P.sugerencias)))).toEqual([
      ['Centro de ayuda', ['Sugerencias', 'Mis solicitudes de datos']],
    ]);
  });
});

describe('a new screen', () => {
  // One entry: its route, its title, its permission and its leaf all come from it.
  const informes: ScreenDef = {
    path: '/app/consultas/informes',
    title: 'Informes de actividad',
    permissions: [P.historicoEstados],
    load: () => Promise.resolve({ default: () => null }),
    menu: { group: 'Consultas', label: 'Informes' },
  };
  const screens = { ...SCREENS, informes };

  it('gets its route with its title and permissions', () => {
    const route = screenRoutes(screens).find((r) => r.path === '/app/consultas/informes');
    expect(route).toMatchObject({ title: 'Informes de actividad', permissions: [P.historicoEstados] });
    expect(route?.screen).toBe(informes.load);
    expect(SCREEN_ROUTES.some((r) => r.path === informes.path)).toBe(false);
  });

  it('gets its leaf at the end of its group, behind the same permission', () => {
    const menu = buildMenu(RESOURCES, screens);
    const consultas = menu.find((i) => i.label === 'Consultas');
    expect(consultas && shape([consultas])).toEqual([
      ['Consultas', ['Usuarios registrados', 'Histórico de cambios de estado', 'Suscripciones', 'Informes']],
    ]);
    expect(leaves(menu).find((l) => l.label === 'Informes')).toMatchObject({
      path: '/app/consultas/informes',
      permissions: [P.historicoEstados],
    });
    expect(leaves(MENU).some((l) => l.label === 'Informes')).toBe(false);
  });

  it('without `menu` opens only by its URL', () => {
    const { menu: _, ...hidden } = informes;
    expect(
      leaves(buildMenu(RESOURCES, { ...SCREENS, informes: hidden })).some((l) => l.path === informes.path),
    ).toBe(false);
    expect(screenRoutes({ informes: hidden }).map((r) => r.path)).toEqual([informes.path]);
  });
});

describe('where /app lands', () => {
  it('on Mi información personal for whoever may open it (spec §2)', () => {
    expect(landingPath(holding(P.miInformacionPersonal, P.misCompras, P.sugerencias))).toBe(
      '/app/miinformacionpersonal',
    );
  });

  it("otherwise on the first screen of the user's menu, else on Mi cuenta", () => {
    expect(landingPath(holding(P.sugerencias, P.dashboard))).toBe('/app/centrodeayuda/sugerencias');
    expect(landingPath(holding(configPermission('generales:bancos', 'view')))).toBe(
      '/app/configuracion/generales/bancos',
    );
    expect(landingPath(holding())).toBe('/app/account');
  });
});
