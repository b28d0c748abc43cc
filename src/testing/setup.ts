import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  // Script tests run in Node, without a DOM.
  if (typeof window === 'undefined') return;
  cleanup();
  window.sessionStorage.clear();
});
