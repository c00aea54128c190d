import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { FLOWS_DIR, KEPT_FLOW_FILES, compareFlows, formatChanges, generateFlows, loadMachines, machineVersion, shapeOf } from '../../scripts/flows-lib.ts';

describe('workflow diagrams (docs/flows)', () => {
  it('the committed diagrams are exactly what the machines generate (run `npm run flows`)', async () => {
    const files = await generateFlows();
    expect(
      readdirSync(FLOWS_DIR)
        .filter((f) => !KEPT_FLOW_FILES.includes(f))
        .sort(),
    ).toEqual([...files.keys()].sort());
    for (const [name, content] of files) expect(readFileSync(path.join(FLOWS_DIR, name), 'utf8'), `${name} is stale: run npm run flows`).toBe(content);
  });

  it('every machine is drawn with its states, guards, delays and invoked actors', async () => {
    const machines = await loadMachines();
    expect(machines.map((m) => m.name)).toEqual(expect.arrayContaining(['session', 'lockout', 'divisions', 'login', 'registration', 'apply', 'rating']));
    const files = await generateFlows();
    const lockout = files.get('lockout.mmd') ?? '';
    expect(lockout).toContain('after LOCKOUT_TICK (1000 ms) [lastTick] / clear, forgetDeadline');
    expect(lockout).toContain('always [resumed]');
    const apply = files.get('apply.mmd') ?? '';
    expect(apply).toContain('apply_submitting : invokes submit');
    expect(apply).toContain('after REDIRECT (6000 ms)');
    expect(files.get('README.md')).toContain('`SESSION_EXPIRY (computed from context)`');
    expect(files.get('apply.svg')).toMatch(/^<\?xml|<svg/);
  });
});

describe('machine versions', () => {
  const draft = (guard: string) =>
    setup({ guards: { [guard]: () => true } }).createMachine({
      id: 'draft',
      initial: 'editing',
      states: { editing: { on: { SEND: { guard, target: 'sent' } } }, sent: { type: 'final' } },
    });

  it('is the same for the same flow, and changes with a guard, a target or a delay', () => {
    expect(machineVersion(draft('filled'))).toMatch(/^[0-9a-f]{8}$/);
    expect(machineVersion(draft('filled'))).toBe(machineVersion(draft('filled')));
    expect(machineVersion(draft('complete'))).not.toBe(machineVersion(draft('filled')));
    const retarget = setup({ guards: { filled: () => true } }).createMachine({
      id: 'draft',
      initial: 'editing',
      states: { editing: { on: { SEND: { guard: 'filled', target: 'editing' } } }, sent: { type: 'final' } },
    });
    expect(machineVersion(retarget)).not.toBe(machineVersion(draft('filled')));
    const timed = (ms: number) => setup({ delays: { WAIT: ms } }).createMachine({ id: 't', initial: 'a', states: { a: { after: { WAIT: 'b' } }, b: {} } });
    expect(machineVersion(timed(1000))).not.toBe(machineVersion(timed(2000)));
  });

  it('is printed on each diagram, in the README and in versions.json for /flows', async () => {
    const files = await generateFlows();
    const machines = await loadMachines();
    const versions = JSON.parse(files.get('versions.json') ?? '{}') as Record<string, string>;
    for (const { name, machine } of machines) {
      const version = machineVersion(machine);
      expect(versions[name]).toBe(version);
      expect(files.get(`${name}.svg`)).toContain(`version ${version}`);
      expect(files.get(`${name}.mmd`)).toContain(`title: ${machine.id}, version ${version}`);
      expect(files.get('README.md')).toContain(`| [${name}](#${name}) | \`${version}\` |`);
    }
  });
});

describe('what changed between two releases', () => {
  const form = (offline: boolean) =>
    setup({ guards: { isOffline: () => true }, actions: { clearForm: () => undefined } }).createMachine({
      id: 'form',
      initial: 'editing',
      states: {
        editing: { on: { SUBMIT: 'submitting' } },
        submitting: { on: offline ? { FAIL: [{ guard: 'isOffline', target: 'kept' }, { target: 'editing' }] } : { FAIL: 'editing', DONE: 'editing' } },
        ...(offline ? { kept: { entry: 'clearForm' } } : {}),
      },
    });

  it('lists the states and transitions added, removed and changed, with the versions before and after', () => {
    const before = new Map([['form', shapeOf(form(false))]]);
    const after = new Map([['form', shapeOf(form(true))]]);
    const [change, ...rest] = compareFlows(before, after);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({
      name: 'form',
      before: machineVersion(form(false)),
      after: machineVersion(form(true)),
      statesAdded: ['kept'],
      statesRemoved: [],
    });
    expect(change?.added).toEqual(['submitting · FAIL [isOffline] -> kept']);
    expect(change?.removed).toEqual(['submitting · DONE -> editing']);
    expect(compareFlows(after, after)).toEqual([]);
    const text = formatChanges([change!], 'v1', false);
    expect(text).toContain(`form: ${machineVersion(form(false))} -> ${machineVersion(form(true))}`);
    expect(text).toContain('  + state kept');
    expect(formatChanges([change!], 'v1', true)).toContain('- + `submitting · FAIL [isOffline] -> kept`');
    expect(formatChanges([], 'v1', false)).toContain('No machine changed.');
  });

  it('`npm run flows -- --since <ref>` compares with the machines of that ref: none changed since HEAD', () => {
    const out = execFileSync(process.execPath, [path.join(import.meta.dirname, '..', '..', 'scripts', 'flows.ts'), '--since', 'HEAD'], { encoding: 'utf8' });
    expect(out).toContain('Workflow changes since HEAD');
    // The machines as committed (in CI, always): nothing changed. A working copy with edits lists them.
    const edited = execFileSync('git', ['status', '--porcelain', '--', 'machines', 'contract'], { encoding: 'utf8' }).trim() !== '';
    if (!edited) expect(out).toContain('No machine changed.');
  });
});
