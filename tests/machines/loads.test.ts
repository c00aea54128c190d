import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { notProvided } from '../../machines/not-provided.ts';
import type { AnyStateMachine } from 'xstate';
import { toMermaid } from '../../scripts/flows/diagrams.ts';
import { FLOWS_DIR } from '../../scripts/flows/graph.ts';
import { invokedActors } from './machine-graph.ts';

/**
 * Every machine module loads and makes its machine, the one its diagram in docs/flows shows. A machine whose definition throws (an
 * initial state that does not exist, a target misspelt) fails here, as a test, not only as a
 * test file that could not load: mutation testing counts the first as caught.
 */
const modules = {
  ...import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts'),
  ...import.meta.glob<Record<string, unknown>>('../../contract/*.machine.ts'),
};

describe('the machine modules', () => {
  it.each(Object.keys(modules).map((file) => [file.replace(/^.*\//, ''), file]))(
    '%s loads and exports a machine with its states',
    async (_, file) => {
      const mod = await modules[file]!();
      const machines = Object.values(mod).filter(
        (v): v is AnyStateMachine => !!v && typeof v === 'object' && 'root' in v && 'implementations' in v,
      );
      expect(machines.length).toBeGreaterThan(0);
      // Its id is its file's name in camelCase: what /flows and the flow monitor know it by.
      const id = file.replace(/^.*\/|\.machine\.ts$/g, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      // Its states, transitions, guards, delays, actions, invocations and final states are the
      // ones its committed diagram shows (the version in its title is the flows test's to check).
      const drawn = readFileSync(path.join(FLOWS_DIR, file.replace(/^.*\/|\.machine\.ts$/g, '') + '.mmd'), 'utf8');
      const body = (mmd: string) => mmd.split('\n').slice(3).join('\n');
      for (const m of machines) {
        expect(body(toMermaid(m)), 'its diagram: run npm run flows if the change is meant').toBe(body(drawn));
        expect(m.id).toBe(id);
        expect(Object.keys(m.root.states).length).toBeGreaterThan(0);
        // Every actor it invokes is one it declares (by id and source): what the app provides in its place.
        const invoked = [...invokedActors(m)];
        for (const [invokeId, src] of invoked) {
          expect(Object.keys(m.implementations.actors), `${invokeId}`).toContain(src);
          expect(src).toBe(invokeId);
        }
      }
    },
  );

  it('an actor a machine invokes fails, naming itself, until the app provides the real one', async () => {
    const actor = createActor(notProvided<string>('lookup')).start();
    await expect(toPromise(actor)).rejects.toThrow('lookup actor not provided');
    // So does every actor every machine declares (the loader's load is each page's own).
    for (const load of Object.values(modules)) {
      for (const m of Object.values(await load())) {
        if (!m || typeof m !== 'object' || !('implementations' in m) || (m as AnyStateMachine).id === 'loader')
          continue;
        for (const [src, logic] of Object.entries((m as AnyStateMachine).implementations.actors)) {
          const stand = createActor(logic as ReturnType<typeof notProvided<unknown>>).start();
          await expect(toPromise(stand), src).rejects.toThrow(`${src} actor not provided`);
        }
      }
    }
  });
});
