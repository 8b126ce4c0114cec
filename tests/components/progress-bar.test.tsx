// The progress bar of an upload and of a settlement run (web/components/feedback/progress-bar.tsx):
// a progressbar named by its label, from 0 to 100, filled to its value.
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
});
