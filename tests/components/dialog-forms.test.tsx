// The dialogs that ask for a field before a write run on useApiForm (decision 0320): the state
// change's comment and the reason dialog are checked with the route's schema, sent trimmed (a blank
// comment as null), and the server's 422 message for the field shows under it.
import { MSG } from '@shared/messages';
import { STATE } from '@shared/workflow';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ReasonDialog } from '@/components/form/reason-dialog';
import { type StateBody, StatusMenu } from '@/components/status/status-menu';
import { ApiError } from '@/lib/api';
import { queryClient } from '@/lib/query';
import { hasUnsavedChanges } from '@/lib/use-leave-guard';
import { rejectPaymentSchema } from '@shared/schemas/shop';

const wrap = (children: ReactNode) =>
  render(<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>);

async function chooseApproved(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Estados' }));
  await user.click(await screen.findByRole('menuitem', { name: 'APROBADO' }));
  return screen.findByRole('dialog', { name: 'Cambio de estado' });
}

describe('the state-change dialog', () => {
  it('sends the chosen state with the comment trimmed, a blank one as null, and starts empty again', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_body: StateBody) => ({ message: MSG.updated }));
    const done = vi.fn();
    wrap(<StatusMenu current={STATE.PENDIENTE} send={send} onDone={done} />);

    await chooseApproved(user);
    await user.type(screen.getByLabelText('Comentario'), '  revisado  ');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(STATE.APROBADO));
    expect(send.mock.lastCall?.[0]).toEqual({ estado: STATE.APROBADO, comentario: 'revisado' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await chooseApproved(user);
    expect((screen.getByLabelText('Comentario') as HTMLTextAreaElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.lastCall?.[0]).toEqual({ estado: STATE.APROBADO, comentario: null });
  });

  it("shows the server's 422 message for the comment under it and stays open", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ApiError(422, 'Unprocessable', {
        message: 'x',
        errors: { comentario: ['Comentario no válido'] },
      });
    });
    wrap(<StatusMenu current={STATE.PENDIENTE} send={send} />);
    await chooseApproved(user);
    await user.type(screen.getByLabelText('Comentario'), 'algo');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Comentario no válido')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cambio de estado' })).toBeTruthy();
  });

  it('leaves nothing unsaved behind when cancelled after typing', async () => {
    const user = userEvent.setup();
    wrap(<StatusMenu current={STATE.PENDIENTE} send={vi.fn(async () => ({}))} />);
    await chooseApproved(user);
    await user.type(screen.getByLabelText('Comentario'), 'a medias');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hasUnsavedChanges()).toBe(false);
  });
});

function Reason({ send, onSaved }: { send: (motivo: string) => Promise<unknown>; onSaved: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ReasonDialog
      open={open}
      onOpenChange={setOpen}
      title="Rechazar el pago"
      description="El miembro recibe una notificación con el motivo."
      label="Motivo del rechazo"
      submitLabel="Rechazar"
      schema={rejectPaymentSchema}
      send={send}
      onSaved={() => {
        setOpen(false);
        onSaved();
      }}
    />
  );
}

describe('the reason dialog', () => {
  it("refuses a short reason with the schema's message and sends a valid one trimmed", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ message: MSG.updated }));
    const saved = vi.fn();
    wrap(<Reason send={send} onSaved={saved} />);
    const field = screen.getByLabelText('Motivo del rechazo');
    await user.type(field, 'no');
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    const short = v.safeParse(rejectPaymentSchema, { motivo: 'no' });
    expect(short.success).toBe(false);
    expect(await screen.findByText(short.issues![0].message)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '  el valor no coincide  ');
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith('el valor no coincide');
  });
});
