// The component layer (docs/testing.md): React components rendered by Testing Library into
// happy-dom, for UI logic that needs no real browser (layout, paint and journeys stay in e2e).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// React's act() environment flag: updates outside act are warned about, as in React's own tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.className = '';
});
