import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, toasts } from '../../src/ui/stores.ts';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    toasts.set([]);
  });

  // spec: S9.TOASTS (closing after 5 seconds; the region is fixed at the top right: src/ui/ui.css.ts)
  it('close by themselves after 5 seconds, each after its own 5 seconds', () => {
    vi.useFakeTimers();
    showToast({ kind: 'info', key: 'wait.over' });
    vi.advanceTimersByTime(2000);
    showToast({ kind: 'error', key: 'errors.unexpected' });
    expect(toasts.get()).toHaveLength(2);
    // The spec's 5 seconds, written as the spec says them: the first is there at 4.999 s, gone at 5 s.
    vi.advanceTimersByTime(2999);
    expect(toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(toasts.get().map((t) => t.key)).toEqual(['errors.unexpected']);
    vi.advanceTimersByTime(1999);
    expect(toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.get()).toEqual([]);
  });
});
