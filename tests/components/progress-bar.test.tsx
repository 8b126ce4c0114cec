// The progress bar of an upload, a settlement run and a bulk action (web/components/feedback/progress-bar.tsx):
// a progressbar named by its label, from 0 to 100 or to a count, filled to its value.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '@/components/feedback/progress-bar';

describe('progress bar', () => {
  it('is a progressbar named by its label, at its value of 100', () => {
    render(<ProgressBar value={40} label="Progreso de carga" />);
    const bar = screen.getByRole('progressbar', { name: 'Progreso de carga' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('40%');
  });

  it('counts to a total and says it in words: «2.500 de 10.000» fills a quarter', () => {
    render(
      <ProgressBar
        value={2500}
        max={10000}
        valueText="2.500 de 10.000"
        label="Progreso de la acción en lote"
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progreso de la acción en lote' });
    expect(bar.getAttribute('aria-valuemax')).toBe('10000');
    expect(bar.getAttribute('aria-valuetext')).toBe('2.500 de 10.000');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('25%');
  });
});
