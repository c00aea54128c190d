import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { preloadAllScreens } from '../../src/app/lazy-screen.tsx';
import { loadAllCatalogs } from '../../src/i18n/languages.ts';
import { consoleErrors, describeConsoleErrors, recordConsoleError } from './console.ts';

// jsdom lacks what Radix Select uses of the pointer and scrolling APIs.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
window.scrollTo = () => undefined;

// The screens' chunks and the catalogs are loaded before the tests render them, as after a first visit.
beforeAll(async () => {
  await import('../../src/app/app.tsx');
  await Promise.all([preloadAllScreens(), loadAllCatalogs()]);
});

/** A test fails on any console.error (a React warning, an act() warning) it did not expect. */
beforeEach(() => {
  consoleErrors.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => recordConsoleError(args));
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (consoleErrors.length > 0) throw new Error(`console.error was called:\n${describeConsoleErrors(consoleErrors)}`);
});
