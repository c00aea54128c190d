import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '../../contract/limits.ts';
import { showToast, toasts } from '../../src/ui/stores.ts';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    toasts.set([]);
  });

  // spec: S9.TOASTS (closing after 5 seconds; the region is fixed at the top right: src/ui/ui.css.ts)
  it('close by themselves after 5 seconds, each after its own 5 seconds', () => {
    vi.useFakeTimers();
    expect(TOAST_MS).toBe(5000);
    showToast({ kind: 'info', key: 'wait.over' });
    vi.advanceTimersByTime(2000);
    showToast({ kind: 'error', key: 'errors.unexpected' });
    expect(toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(TOAST_MS - 2000 - 1);
    expect(toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(toasts.get().map((t) => t.key)).toEqual(['errors.unexpected']);
    vi.advanceTimersByTime(2000);
    expect(toasts.get()).toEqual([]);
  });
});
