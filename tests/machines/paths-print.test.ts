import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { PATHS_DIR, testModel } from './model.ts';

/** What `npm run test:paths -- <machine>` prints: each path of the machine, numbered, with its steps and result. */
describe('the paths a tester reads', () => {
  const file = path.join(PATHS_DIR, 'pathsDemo.txt');
  afterEach(() => {
    delete process.env.FLOW_PATHS;
    rmSync(file, { force: true });
  });

  it('lists every path played, with each step, the state it led to and whether it passed', async () => {
    const demo = setup({
      guards: { filled: ({ context }: { context: { n: number } }) => context.n > 0 },
    }).createMachine({
      id: 'pathsDemo',
      context: { n: 1 },
      initial: 'editing',
      states: { editing: { on: { SEND: { guard: 'filled', target: 'sent' } } }, sent: { on: { BACK: 'editing' } } },
    });
    rmSync(file, { force: true });
    process.env.FLOW_PATHS = 'pathsDemo';
    const report = await testModel(demo, { events: () => [{ type: 'SEND' }, { type: 'BACK' }] });
    const text = readFileSync(file, 'utf8');
    expect(text.match(/^\d+\. passed: /gm)).toHaveLength(report.paths);
    expect(text).toContain('1. SEND -> "sent"');
    expect(text).toContain('2. BACK -> "editing"');
  });
});
