import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetPositions } from '../api/position';
import { setLocale } from '../i18n';
import { resetOutbox } from '../lib/outbox';

// jsdom has no matchMedia, WebGL or object URLs; the app copes without them, quietly.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
// findBy*/waitFor give up after 1 s by default, which a screen's first render can exceed on a
// loaded 2-core CI machine; what never appears still fails, 5 s later.
configure({ asyncUtilTimeout: 5000 });

HTMLCanvasElement.prototype.getContext = () => null;
window.scrollTo = (() => undefined);

beforeEach(() => {
  // The logger's output is tested where it matters; elsewhere it is noise.
  for (const level of ['debug', 'info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => undefined);
  localStorage.clear();
  sessionStorage.clear();
  resetPositions();
  // An empty Outbox of its own (in memory) for each test.
  resetOutbox();
  // Uploads with progress go by XMLHttpRequest where there is one (api/upload.ts): here they go
  // by fetch, which the tests mock (jsdom's would try a network the tests do not have).
  vi.stubGlobal('XMLHttpRequest', undefined);
  // Tests read English unless they switch (jsdom's browser language is en-US).
  setLocale('en');
  document.title = '';
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
