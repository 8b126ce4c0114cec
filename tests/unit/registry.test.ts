// The registry is the one declaration of a lookup table: a new entry brings its permission
// section (and its six CRUD permissions), its list/new/edit routes and its menu leaf with it.
import { describe, expect, it } from 'vitest';
import { configSections, CRUD_ACTIONS, sectionPermissions } from '../../worker/shared/permissions';
import { RESOURCES, type RegistryEntry } from '../../worker/shared/resources';
import { registryRoutes } from '../../web/routing/config-routes';
import { buildMenu, type MenuItem } from '../../web/shell/menu';

// What a new entry would look like; the cast stands for the key and section the literal would add.
const colores = {
  ...RESOURCES.find((r) => r.key === 'bancos')!,
  key: 'colores',
  section: 'generales:colores',
  route: '/app/configuracion/generales/colores',
  endpoint: '/general/colores',
  label: 'Colores',
  singular: 'Color',
  menu: { path: ['Generales'], order: 7 },
} as unknown as RegistryEntry;
const registry = [...RESOURCES, colores];

function leaves(
  items: MenuItem[],
  trail: string[] = [],
): { trail: string[]; label: string; path: string; permissions: readonly string[] }[] {
  return items.flatMap((i) =>
    i.kind === 'leaf'
      ? [{ trail, label: i.label, path: i.path, permissions: i.permissions }]
      : leaves(i.children, [...trail, i.label]),
  );
}

describe('a new registry entry', () => {
  it('gets its permission section and its CRUD permissions (ver, crear, editar, eliminar, exportar, importar)', () => {
    const sections = configSections(registry);
    expect(sections['generales:colores' as keyof typeof sections]).toBe('Colores');
    const codes = sectionPermissions(sections)
      .map((p) => p.code)
      .filter((c) => c.includes(':colores:'));
    expect(codes).toEqual(
      Object.keys(CRUD_ACTIONS).map((a) => `app:general:configuracion:generales:colores:${a}`),
    );
    expect(codes).toContain('app:general:configuracion:generales:colores:view');
  });

  it('gets its list, new and edit routes, each behind its permission', () => {
    const routes = registryRoutes(registry).filter((r) => r.path.includes('/colores'));
    expect(routes.map((r) => [r.path, r.title, r.permissions])).toEqual([
      [
        '/app/configuracion/generales/colores',
        'Colores',
        ['app:general:configuracion:generales:colores:view'],
      ],
      [
        '/app/configuracion/generales/colores/new',
        'Colores: nuevo registro',
        ['app:general:configuracion:generales:colores:new'],
      ],
      [
        '/app/configuracion/generales/colores/edit/:id',
        'Colores: editar registro',
        ['app:general:configuracion:generales:colores:edit'],
      ],
    ]);
    expect(routes.every((r) => r.screen)).toBe(true);
  });

  it('gets its menu leaf where its entry says, after the leaves placed before it', () => {
    const generales = leaves(buildMenu(registry)).filter(
      (l) => l.trail.join('/') === 'Configuración/Generales',
    );
    expect(generales.map((l) => l.label)).toEqual([
      'Métodos de pago',
      'Bancos',
      'Monedas',
      'Términos y condiciones',
      'Tipos de usuario',
      'Parentesco',
      'Colores',
      'Tipos de identificación',
      'Niveles educativos',
    ]);
    expect(generales.find((l) => l.label === 'Colores')).toMatchObject({
      path: '/app/configuracion/generales/colores',
      permissions: ['app:general:configuracion:generales:colores:view'],
    });
    expect(leaves(buildMenu(RESOURCES)).some((l) => l.label === 'Colores')).toBe(false);
  });

  it('can name a new menu group, which comes after the known ones', () => {
    const menu = buildMenu([...RESOURCES, { ...colores, menu: { path: ['Apariencia'], order: 1 } }]);
    const config = menu.find((i) => i.kind === 'group' && i.label === 'Configuración');
    expect(config?.kind === 'group' && config.children.map((c) => c.label)).toEqual([
      'Catálogo',
      'Generales',
      'Mi perfil',
      'Mis compras',
      'Centro de ayuda',
      'Apariencia',
      'Privacidad',
      'Seguridad',
      'Tributario',
    ]);
  });
});
