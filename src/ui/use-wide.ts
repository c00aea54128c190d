import { useSyncExternalStore } from 'react';

/**
 * Whether the window is wide enough to embed a PDF (issue 51): on a phone a document's type is
 * unreadably small in a frame, and a phone's browser shows an empty box while it loads, so it
 * is offered to open and save instead. Before hydration, and where the browser cannot tell,
 * the frame is shown.
 */
const WIDE_ENOUGH = '(min-width: 40rem)';

const query = () => (typeof matchMedia === 'function' ? matchMedia(WIDE_ENOUGH) : null);

function subscribe(changed: () => void): () => void {
  const q = query();
  q?.addEventListener('change', changed);
  return () => q?.removeEventListener('change', changed);
}

export const useWideEnoughForPdf = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? true,
    () => true,
  );
