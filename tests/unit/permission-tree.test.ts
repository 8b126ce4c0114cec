// The role editor's permission tree (shared/permission-tree.ts): every catalogue permission sits
// exactly once under group › area › section, areas come from the registry, and the search keeps
// what matches by code, text or any group name above it.
import { describe, expect, it } from 'vitest';
import {
  filterTree,
  nodeCodes,
  permissionTree,
  type PermissionItem,
  type PermissionNode,
} from '../../worker/shared/permission-tree';
import { configAreas, CONFIG_SECTIONS, PERMISSIONS } from '../../worker/shared/permissions';
import { RESOURCES } from '../../worker/shared/resources';

const find = <P extends PermissionItem>(nodes: PermissionNode<P>[], ...path: string[]) => {
  let list = nodes;
  let node: PermissionNode<P> | undefined;
  for (const step of path) {
    node = list.find((n) => n.label === step);
    if (!node) throw new Error(`no ${step} in ${list.map((n) => n.label).join(', ')}`);
    list = node.children;
  }
  return node!;
};

describe('permission tree', () => {
  const tree = permissionTree(PERMISSIONS);

  it('holds every permission of the catalogue exactly once', () => {
    const codes = tree.flatMap(nodeCodes);
    expect(codes).toHaveLength(PERMISSIONS.length);
    expect(new Set(codes)).toEqual(new Set(PERMISSIONS.map((p) => p.code)));
  });

  it('splits Configuración into areas and sections, each section with its six actions in order', () => {
    const config = find(tree, 'Configuración');
    expect(config.leaves).toEqual([]);
    expect(config.children.map((a) => a.label)).toEqual([
      'Catálogo',
      'Centro de ayuda',
      'Generales',
      'Mi perfil',
      'Mis compras',
      'Seguridad',
    ]);
    // Each section's six actions, and a section's own ones after them (unlocking users).
    expect(nodeCodes(config)).toHaveLength(Object.keys(CONFIG_SECTIONS).length * 6 + 1);
    expect(
      find(tree, 'Configuración', 'Seguridad', 'Usuarios')
        .leaves.map((l) => l.label)
        .at(-1),
    ).toBe('Desbloquear: Usuarios (cuentas bloqueadas por intentos fallidos)');
    const bancos = find(tree, 'Configuración', 'Generales', 'Bancos');
    expect(bancos.leaves.map((l) => l.label)).toEqual([
      'Ver',
      'Crear',
      'Editar',
      'Eliminar',
      'Exportar',
      'Importar',
    ]);
    expect(bancos.leaves[0]!.perm.code).toBe('app:general:configuracion:generales:bancos:view');
    expect(find(tree, 'Configuración', 'Seguridad', 'Roles').leaves).toHaveLength(6);
    expect(nodeCodes(find(tree, 'Configuración', 'Mi perfil'))).toHaveLength(
      RESOURCES.filter((r) => r.section.startsWith('miperfil:')).length * 6,
    );
  });

  it('puts the user-detail tabs in their own group under Consultas', () => {
    const tabs = find(tree, 'Consultas', 'Pestañas del usuario registrado');
    expect(tabs.leaves.map((l) => l.label)).toContain('Validación de identidad');
    expect(tabs.leaves).toHaveLength(12);
    expect(find(tree, 'Consultas').leaves.map((l) => l.label)).toContain('Consultar suscripciones');
  });

  it('names a new registry area by its menu place', () => {
    const areas = configAreas([
      ...RESOURCES,
      { section: 'flota:vehiculos', menu: { path: ['Flota', 'Vehículos'] } },
    ]);
    expect(areas.flota).toBe('Flota');
    expect(areas.generales).toBe('Generales');
    expect(areas.seguridad).toBe('Seguridad');
  });

  it('searches code, text and group names without case or accents', () => {
    const bancos = filterTree(tree, 'BANCOS');
    expect(bancos.flatMap(nodeCodes)).toEqual(
      expect.arrayContaining(['app:general:configuracion:generales:bancos:view']),
    );
    expect(bancos.flatMap(nodeCodes)).toHaveLength(6);
    // An area's name brings its whole area.
    const catalogo = filterTree(tree, 'catalogo');
    expect(nodeCodes(find(catalogo, 'Configuración', 'Catálogo'))).toHaveLength(12);
    // A description word, accent-folded.
    const liquidar = filterTree(tree, 'liquidacion');
    expect(liquidar.flatMap(nodeCodes).sort()).toEqual([
      'app:administracion:liquidacionbonos:ajustes',
      'app:administracion:liquidacionbonos:aprobarajustes',
      'app:administracion:liquidacionbonos:aprobarcierre',
      'app:administracion:liquidacionbonos:control',
      'app:administracion:liquidacionbonos:pagos',
      'app:administracion:liquidacionbonos:parametros',
    ]);
    expect(filterTree(tree, 'no-existe-nada')).toEqual([]);
    expect(filterTree(tree, '  ')).toHaveLength(tree.length);
  });
});
