import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { consoleErrors, describeConsoleErrors } from './console.ts';

/** An act() warning is a flaky test's only trace: its failure must say where the update came from and who turned act off. */
it('an act() warning says where the update came from and who set the act environment last', () => {
  let bump = () => {};
  function Counter() {
    const [n, setN] = useState(0);
    bump = () => setN((x) => x + 1);
    return <p>{n}</p>;
  }
  render(<Counter />);
  const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = g.IS_REACT_ACT_ENVIRONMENT;
  // What a waitFor running beside an open act() does.
  function turnActOff() {
    g.IS_REACT_ACT_ENVIRONMENT = false;
  }
  try {
    void act(() => {
      turnActOff();
      bump();
    });
  } finally {
    g.IS_REACT_ACT_ENVIRONMENT = before;
  }
  const text = describeConsoleErrors(consoleErrors);
  expect(text).toMatch(/not configured to support act/);
  expect(text).toMatch(/IS_REACT_ACT_ENVIRONMENT was last set to false by\s+at turnActOff/);
  expect(text).toMatch(/at bump/);
  consoleErrors.length = 0;
});
