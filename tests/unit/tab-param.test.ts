// The one ?tab= URL state of the SPA (web/lib/use-tab-param.ts, decision 0320): profile, personal
// information, shop and help-centre screens open the tab a link names, and switching keeps only ?tab=.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paramsWithTab, tabOf, useTabParam } from '../../web/lib/use-tab-param';

const TABS = ['catalogo', 'compras', 'suscripciones'] as const;

function Probe() {
  const [tab] = useTabParam(TABS, 'catalogo');
  return createElement('output', null, tab);
}
const shown = (url: string) =>
  renderToString(createElement(MemoryRouter, { initialEntries: [url] }, createElement(Probe)));

describe('?tab= URL state', () => {
  it('opens the tab the link names, and the first one for a missing or unknown name', () => {
    expect(shown('/app/miscompras?tab=compras')).toBe('<output>compras</output>');
    expect(shown('/app/miscompras')).toBe('<output>catalogo</output>');
    expect(shown('/app/miscompras?tab=secreto')).toBe('<output>catalogo</output>');
    expect(tabOf(new URLSearchParams('tab='), TABS, 'catalogo')).toBe('catalogo');
  });

  it('writes the first tab as a bare URL and drops what the other tab kept in the query', () => {
    expect(paramsWithTab('catalogo', 'catalogo').toString()).toBe('');
    expect(paramsWithTab('compras', 'catalogo').toString()).toBe('tab=compras');
    // A move from inside a tab (no first tab given) always names the tab.
    expect(paramsWithTab('catalogo').toString()).toBe('tab=catalogo');
  });
});
