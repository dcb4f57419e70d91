/** Vitest (jsdom) setup for the dashboard: jest-dom matchers, a clean DOM and storage per test. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: a busy CI machine took longer than 1 s to settle a
// read (a record test failed CI so). What a test asserts is unchanged; only a failing one fails later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
