// The shared pieces every screen builds on (docs/testing.md, component layer): the app's dialog
// (title and description name it; closing waits while a write runs), the decision buttons of a
// review row, and a form input bound with field(name).
import { MSG } from '@shared/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '@/components/form/text-field';
import { DecisionButtons } from '@/components/status/decision-buttons';
import { AppDialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { queryClient } from '@/lib/query';
import { useApiForm } from '@/lib/use-api-form';

const wrap = (children: ReactNode) =>
  render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);

describe('AppDialog', () => {
  it('is a dialog named by its title and described by its sentence; Escape closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <AppDialog open onClose={onClose} title="Guardar vista" description="Guarda los filtros.">
        <p>Cuerpo</p>
      </AppDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Guardar vista' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Guarda los filtros.',
    );
    expect(screen.getByText('Cuerpo')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open while busy: neither Escape nor × cuts a write off', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<AppDialog open busy onClose={onClose} title="Marcar lote pagado" description="Lote 3" />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Marcar lote pagado' })).toBeTruthy();
  });

  it('opens from its trigger, which is announced as opening a dialog', async () => {
    const user = userEvent.setup();
    function Host() {
      return (
        <AppDialog
          open={false}
          onClose={() => {}}
          title="Cambiar contraseña"
          description="Nueva contraseña"
          trigger={<button type="button">Cambiar contraseña</button>}
        />
      );
    }
    render(<Host />);
    const trigger = screen.getByRole('button', { name: 'Cambiar contraseña' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
  });
});

describe('DecisionButtons', () => {
  it('names what is decided for a screen reader and takes no second decision while one is sent', async () => {
    const user = userEvent.setup();
    const approve = vi.fn();
    const reject = vi.fn();
    const { rerender } = render(
      <DecisionButtons subject="el retracto de la compra 12" onApprove={approve} onReject={reject} />,
    );
    await user.click(screen.getByRole('button', { name: 'Aprobar el retracto de la compra 12' }));
    await user.click(screen.getByRole('button', { name: 'Rechazar el retracto de la compra 12' }));
    expect(approve).toHaveBeenCalledOnce();
    expect(reject).toHaveBeenCalledOnce();
    rerender(
      <DecisionButtons subject="el retracto de la compra 12" busy onApprove={approve} onReject={reject} />,
    );
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why instead of «Aprobar» where this user may not approve', () => {
    render(
      <DecisionButtons
        onApprove={null}
        instead={<span>Lo aprueba otro administrador</span>}
        onReject={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.getByText('Lo aprueba otro administrador')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeTruthy();
  });
});

describe('field(name)', () => {
  const schema = v.object({ nombre: v.pipe(v.string(), v.trim(), v.nonEmpty('Escribe el nombre.')) });

  function NameForm({ send }: { send: (body: { nombre: string }) => Promise<{ message: string }> }) {
    const form = useApiForm({ defaultValues: { nombre: '' }, schema, send, success: MSG.updated });
    return (
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label="Nombre" {...form.field('nombre')} />
        <button type="submit">Guardar</button>
      </form>
    );
  }

  it('shows the field’s message, clears it on typing and sends what was typed', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_body: { nombre: string }) => ({ message: MSG.updated }));
    wrap(<NameForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe el nombre.')).toBeTruthy();
    const input = screen.getByLabelText(/Nombre/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.type(input, 'Ana');
    expect(screen.queryByText('Escribe el nombre.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(send.mock.lastCall?.[0]).toEqual({ nombre: 'Ana' }));
  });

  it('shows the server’s 422 message for the field under it', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ApiError(422, 'Datos inválidos', {
        errors: { nombre: ['Ya existe un registro con ese nombre.'] },
      });
    });
    wrap(<NameForm send={send} />);
    await user.type(screen.getByLabelText(/Nombre/), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un registro con ese nombre.')).toBeTruthy();
  });
});
