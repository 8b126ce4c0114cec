// Every registry table is reachable from the configuration menu, behind its own view permission;
// the spec's own entries keep their order first.
import { describe, expect, it } from 'vitest';
import { configPermission } from '../../worker/shared/permissions';
import { RESOURCES } from '../../worker/shared/resources';
import { MENU, type MenuItem, visibleMenu } from '../../web/shell/menu';

const leaves = (items: MenuItem[]): { label: string; path: string; permission?: string }[] =>
  items.flatMap((i) => (i.kind === 'leaf' ? [i] : leaves(i.children)));

describe('side menu', () => {
  it('links every registry table with its view permission', () => {
    const all = leaves(MENU);
    for (const def of RESOURCES) {
      const leaf = all.find((l) => l.path === def.route);
      expect(leaf, def.route).toBeDefined();
      expect(leaf!.permission).toBe(configPermission(def.section, 'view'));
    }
  });

  it('shows a profile catalogue only to its holder, and keeps Criptomonedas first under Mi perfil', () => {
    const held = new Set([configPermission('miperfil:ojos', 'view')]);
    const menu = visibleMenu(MENU, (...p) => p.every((x) => held.has(x)));
    expect(leaves(menu).map((l) => l.label)).toEqual(['Ojos']);
    const config = MENU.find((i) => i.label === 'Configuración')!;
    const perfil = config.kind === 'group' ? config.children.find((c) => c.label === 'Mi perfil') : undefined;
    expect(perfil && perfil.kind === 'group' ? perfil.children[0]!.label : '').toBe('Criptomonedas');
  });
});
