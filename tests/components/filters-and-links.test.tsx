// Small UI rules that need no real browser (docs/testing.md, component layer): a date-range
// filter's end waits for its start, takes it as its minimum and says why an earlier end is not
// used (decision 0462); a row link is a link when allowed and a disabled button otherwise; the
// access list of «Quién consultó tus datos» (decision 0405) says when nobody looked.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DateRange } from '@shared/list-query';
import { DateRangeFilter } from '@/components/data-grid/filter-inputs';
import { RowLink } from '@/components/data-grid/row-link';
import { AccessList } from '@/components/privacy/access-list';

function Range({ sent }: { sent: (DateRange | null)[] }) {
  const [value, setValue] = useState<DateRange | undefined>(undefined);
  return (
    <DateRangeFilter
      def={{ field: 'created_at', label: 'Fecha', kind: 'daterange' }}
      value={value}
      onChange={(v) => {
        sent.push(v);
        setValue(v ?? undefined);
      }}
    />
  );
}

describe('date-range filter', () => {
  it('keeps the end disabled until a start, then takes the start as its minimum', async () => {
    const user = userEvent.setup();
    const sent: (DateRange | null)[] = [];
    render(<Range sent={sent} />);
    const to = screen.getByLabelText('Fecha hasta');
    expect((to as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Elige primero la fecha inicial.')).toBeTruthy();
    await user.type(screen.getByLabelText('Fecha desde'), '20261120');
    expect((to as HTMLInputElement).disabled).toBe(false);
    expect(to.getAttribute('data-min')).toBe('2026-11-20');
    expect(screen.getByText('La fecha final no puede ser anterior a 2026-11-20.')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ from: '2026-11-20' });
  });

  it('shows an end before the start with the reason and never sends it', async () => {
    const user = userEvent.setup();
    const sent: (DateRange | null)[] = [];
    render(<Range sent={sent} />);
    await user.type(screen.getByLabelText('Fecha desde'), '20261120');
    const before = sent.length;
    const to = screen.getByLabelText('Fecha hasta');
    await user.type(to, '20261101');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'La fecha final no puede ser anterior a la fecha inicial (2026-11-20).',
    );
    expect(sent.slice(before).some((v) => v?.to === '2026-11-01')).toBe(false);
    await user.clear(to);
    await user.type(to, '20261130');
    expect(sent.at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-30' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('row link', () => {
  it('is a link when allowed and a disabled button, not hidden, otherwise', () => {
    render(
      <MemoryRouter>
        <RowLink kind="edit" to="/app/x/edit/1" label="Editar nivel 1" />
        <RowLink kind="view" to="/app/x/view/2" label="Ver ana" enabled={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Editar nivel 1' }).getAttribute('href')).toBe('/app/x/edit/1');
    expect((screen.getByRole('button', { name: 'Ver ana' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Ver ana' })).toBeNull();
  });
});

describe('access list', () => {
  it('says when nobody looked, and lists what, where, with which role and when', () => {
    const { rerender } = render(
      <AccessList
        rows={[]}
        label="Consultas de tus datos"
        empty="Nadie de la empresa ha consultado tus datos."
      />,
    );
    expect(screen.getByText('Nadie de la empresa ha consultado tus datos.')).toBeTruthy();
    rerender(
      <AccessList
        rows={[
          {
            fecha: '2026-12-03T13:32:26.000Z',
            area: 'Consultas',
            dato: 'Número de identificación',
            rol: 'ADMINISTRADOR',
          },
        ]}
        label="Consultas de tus datos"
        empty="Nadie de la empresa ha consultado tus datos."
      />,
    );
    const item = screen.getByRole('list', { name: 'Consultas de tus datos' }).querySelector('li')!;
    expect(item.textContent).toContain('Número de identificación');
    expect(item.textContent).toContain('Consultas · ADMINISTRADOR');
    // Bogotá time, as every date of the app.
    expect(item.textContent).toContain('2026-12-03 08:32:26');
  });
});
