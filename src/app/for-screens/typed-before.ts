import { useLayoutEffect } from 'react';

/**
 * What the fields of a pre-rendered page the app renders afresh held, by id, and which had the
 * focus (src/main.tsx keeps them before it empties the page).
 */
const typedKept = new Map<string, string>();
let focusedKept = '';

export function keepTyped(root: Element): void {
  for (const input of root.querySelectorAll('input')) typedKept.set(input.id, input.value);
  focusedKept = root.contains(document.activeElement) ? (document.activeElement?.id ?? '') : '';
}

/**
 * What was typed into a pre-rendered page's fields before its script arrived, handed to the
 * screen's machine as the screen mounts: the fields take typing at once (a slow phone waits
 * seconds for the script), and nothing is sent before the app takes over, since the page's
 * submit button stays disabled until then (src/ui/lockout-button.tsx) and a form whose
 * submit button is disabled is not sent by Enter either.
 *  - Hydrated, React keeps what the fields hold but its state starts empty: without this a
 *    later render would empty them.
 *  - Rendered afresh (src/main.tsx: another language saved, a lockout running), the page's
 *    fields are gone: what they held was kept (`keepTyped`) and comes back here, and the field
 *    that had the focus has it again.
 * A screen the app opens later starts with empty fields and nothing kept. Each typed field is
 * handed as `typed(id, value)`; a machine sent an event before it starts takes it as it starts.
 */
export function useTypedBeforeScript<F extends string>(fields: readonly F[], typed: (field: F, value: string) => void) {
  useLayoutEffect(() => {
    for (const field of fields) {
      const input = document.querySelector<HTMLInputElement>(`input#${field}`);
      const value = input?.value || typedKept.get(field);
      if (value) typed(field, value);
      // Rendered afresh, the field the person was typing in has the focus again: the next keys go on into it.
      if (input && focusedKept === field) input.focus();
    }
    // Taken once: nothing typed stays in the page's memory for a screen opened later.
    typedKept.clear();
    focusedKept = '';
    // Once, as the screen mounts: what the fields held before the app.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
