// Keyboard shortcuts (decision 0162): the '?' list is drawn from the same declaration the one
// handler reads; plain keys do nothing while the user types in a field, Ctrl+S works there too.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ShortcutsHelp } from '@/components/shortcuts-help';
import { useShortcut } from '@/lib/shortcuts';

function Screen() {
  const [log, setLog] = useState<string[]>([]);
  useShortcut('new', () => setLog((l) => [...l, 'nuevo']));
  useShortcut('save', () => setLog((l) => [...l, 'guardar']));
  return (
    <>
      <ShortcutsHelp />
      <label>
        Nombre <input type="text" />
      </label>
      <output aria-label="acciones">{log.join(',')}</output>
    </>
  );
}

describe('keyboard shortcuts', () => {
  it("'?' lists every declared shortcut in «Atajos de teclado»; Escape closes it", async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Atajos de teclado' });
    for (const text of [
      'Nuevo registro',
      'Guardar el formulario',
      'Siguiente de la cola',
      'Anterior de la cola',
      'Ver los atajos de teclado',
    ])
      expect(help.textContent).toContain(text);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('N runs «Nuevo» outside a field and types an n inside one; Ctrl+S saves from inside a field', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const out = screen.getByLabelText('acciones');
    const field = screen.getByLabelText('Nombre');
    await user.click(field);
    await user.keyboard('n');
    expect((field as HTMLInputElement).value).toBe('n');
    expect(out.textContent).toBe('');
    await user.keyboard('{Control>}s{/Control}');
    expect(out.textContent).toBe('guardar');
    (field as HTMLInputElement).blur();
    await user.keyboard('n');
    expect(out.textContent).toBe('guardar,nuevo');
  });
});
