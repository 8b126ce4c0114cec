// The top bar's popover buttons (web/components/layout/top-bar-trigger.tsx): the accessible name
// is the label, a count above zero is drawn (as «99+» past 99) out of the accessibility tree, and
// a zero count draws nothing.
import { render, screen } from '@testing-library/react';
import { BellIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { TopBarTrigger } from '@/components/layout/top-bar-trigger';
import { Popover } from '@/components/ui/popover';

const bar = (count?: number) =>
  render(
    <Popover>
      <TopBarTrigger icon={BellIcon} label="Notificaciones" count={count} countClassName="end-1 top-1" />
    </Popover>,
  );

describe('top bar trigger', () => {
  it('is a button named by its label, with no count drawn at zero', () => {
    bar(0);
    const button = screen.getByRole('button', { name: 'Notificaciones' });
    expect(button.textContent).toBe('');
  });

  it('draws the count, hidden from assistive technology, as «99+» past 99', () => {
    const { rerender } = bar(7);
    const badge = screen.getByText('7');
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    rerender(
      <Popover>
        <TopBarTrigger icon={BellIcon} label="Notificaciones" count={120} />
      </Popover>,
    );
    expect(screen.getByText('99+')).toBeTruthy();
  });
});
