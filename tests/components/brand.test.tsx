// The product's mark and name (web/components/layout/brand.tsx), the same on the public pages and
// in the side drawer: «360» then «360 web», the name kept left to right.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Brand } from '@/components/layout/brand';

describe('brand', () => {
  it.each(['page', 'drawer'] as const)('shows the mark and the name (%s)', (size) => {
    render(<Brand size={size} />);
    expect(screen.getByText('360')).toBeTruthy();
    expect(screen.getByText('360 web').getAttribute('dir')).toBe('ltr');
  });
});
