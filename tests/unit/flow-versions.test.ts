import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import type { FlowShape } from '../../scripts/flows/changes.ts';
import { changeSummary, compareFlows, formatChanges, shapeOf } from '../../scripts/flows/changes.ts';
import { tokensOf } from '../../scripts/flows/reach.ts';
import { generateFlows } from '../../scripts/flows/diagrams.ts';
import { FLOWS_DIR, ROOT, SOURCES_ROOT, loadMachines, machineVersion } from '../../scripts/flows/graph.ts';

/** A machine's version (the code it reaches) and what changed between two releases. */
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
    const timed = (ms: number) =>
      setup({ delays: { WAIT: ms } }).createMachine({
        id: 't',
        initial: 'a',
        states: { a: { after: { WAIT: 'b' } }, b: {} },
      });
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
      expect(files.get('README.md')).toContain(`| [${name}](#${name}) | \`${version}\` | [${name}.md](${name}.md) |`);
    }
  });
});

describe('the code a version reads (issue 49)', () => {
  it('reads tokens: layout and a trailing comma are left out; a string, a template and a regular expression keep their spaces', () => {
    const read = (code: string) => tokensOf(code).join(' ');
    expect(read('f([\n  a,\n  b,\n], { c: 1, })')).toBe(read('f([a, b], { c: 1 })'));
    expect(read('`a  ${x}  b`')).not.toBe(read('`a ${x} b`'));
    expect(read('`${ { a: 1 }.a }, }`')).toBe('`${ { a : 1 } . a }, }`');
    expect(read('x = /a ,]/g.test(y)')).not.toBe(read('x = /a]/g.test(y)'));
    expect(read('x = a / b / c')).toBe('x = a / b / c');
    expect(read("s = 'a  b'")).not.toBe(read("s = 'a b'"));
  });
});

describe('what changed between two releases', () => {
  it('CHANGES.md has an entry for the versions of this release: every version versions.json names is the "after" of one', () => {
    const changes = readFileSync(path.join(FLOWS_DIR, 'CHANGES.md'), 'utf8');
    const versions = JSON.parse(readFileSync(path.join(FLOWS_DIR, 'versions.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(versions).length).toBeGreaterThan(10);
    const missing = Object.entries(versions)
      .filter(
        ([name, version]) =>
          !changes.includes(`### ${name}: `) || !new RegExp(`^### ${name}: \\S+ -> ${version}$`, 'm').test(changes),
      )
      .map(([name, version]) => `${name} ${version}`);
    expect(missing, "run npm run flows -- --since <the last entry's ref> --markdown and add an entry").toEqual([]);
  });

  it('every CHANGES.md entry names the refs it compared and its day, then the summary the report wrote (issue 49)', () => {
    const changes = readFileSync(path.join(FLOWS_DIR, 'CHANGES.md'), 'utf8');
    const entries = changes.split(/^(?=## )/m).slice(1);
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      const [heading, , summary] = entry.split('\n');
      expect(heading, heading).toMatch(/^## .+, from `\w+` to `\w+` \(\d{4}-\d{2}-\d{2}\)$/);
      const counts =
        '\\d+ machines? changed only in the code they run|\\d+ versions? moved only with the way versions are computed';
      expect(summary, heading).toMatch(
        new RegExp(
          `^(No machine changed\\.|(No flow changed|\\d+ flows? changed \\([\\w, -]+\\))(\\.|(; (${counts}))+\\.))$`,
        ),
      );
    }
  });

  const form = (offline: boolean) =>
    setup({ guards: { isOffline: () => true }, actions: { clearForm: () => undefined } }).createMachine({
      id: 'form',
      initial: 'editing',
      states: {
        editing: { on: { SUBMIT: 'submitting' } },
        submitting: {
          on: offline
            ? { FAIL: [{ guard: 'isOffline', target: 'kept' }, { target: 'editing' }] }
            : { FAIL: 'editing', DONE: 'editing' },
        },
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
    const range = { from: 'v1', to: 'v2', date: '2026-11-27' };
    const text = formatChanges([change!], range, false);
    expect(text).toContain('Workflow changes from v1 to v2 (2026-11-27)');
    expect(text).toContain('1 flow changed (form).');
    expect(text).toContain(`form: ${machineVersion(form(false))} -> ${machineVersion(form(true))}`);
    expect(text).toContain('  + state kept');
    const md = formatChanges([change!], { ...range, title: 'Issue 1' }, true);
    expect(md).toContain('## Issue 1, from `v1` to `v2` (2026-11-27)\n\n1 flow changed (form).\n');
    expect(md).toContain('- + `submitting · FAIL [isOffline] -> kept`');
    expect(formatChanges([], range, false)).toContain('No machine changed.');
    // A version moved by the code alone is said so by the report, not by hand.
    const codeOnly = {
      ...change!,
      statesAdded: [],
      added: [],
      removed: [],
      code: ['~ isOffline (machines/api-failure.ts)'],
    };
    expect(changeSummary([codeOnly])).toBe('No flow changed; 1 machine changed only in the code they run.');
    expect(changeSummary([change!, { ...codeOnly, name: 'other' }])).toBe(
      '1 flow changed (form); 1 machine changed only in the code they run.',
    );
    // A version the old ref published another way: listed with it, though nothing else changed.
    const same = new Map([['form', shapeOf(form(false))]]);
    const [anew, ...none] = compareFlows(same, same, { form: 'published' });
    expect(none).toEqual([]);
    expect(anew).toMatchObject({ before: 'published', after: machineVersion(form(false)), code: [], added: [] });
    expect(changeSummary([anew!])).toBe('No flow changed; 1 version moved only with the way versions are computed.');
    expect(formatChanges([anew!], range, true)).toContain(
      `- ~ \`version published as published; ${machineVersion(form(false))} as computed today\``,
    );
    expect(compareFlows(same, same, { form: machineVersion(form(false)) })).toEqual([]);
  });

  it("changes a machine's version when the code of its guard changes, or of a contract rule it calls; not for a comment or its words", async () => {
    // Three copies of the machines and the contract, as `--since` unpacks a ref (a module loads once per path).
    const base = mkdtempSync(path.join(ROOT, '.flows-since-test-'));
    const copy = (name: string, edit: (dir: string) => void) => {
      const dir = path.join(base, name);
      for (const folder of ['machines', 'contract'])
        cpSync(path.join(SOURCES_ROOT, folder), path.join(dir, folder), { recursive: true });
      edit(dir);
      return dir;
    };
    const rewrite = (file: string, from: string, to: string) => {
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(from);
      writeFileSync(file, text.replace(from, to));
    };
    try {
      const same = copy('same', () => undefined);
      const guard = copy('guard', (dir) =>
        rewrite(
          path.join(dir, 'machines', 'lockout.machine.ts'),
          'lastTick: ({ context }) => context.remaining <= 1,',
          'lastTick: ({ context }) => context.remaining <= 2,',
        ),
      );
      const rule = copy('rule', (dir) =>
        rewrite(
          path.join(dir, 'contract', 'rules.ts'),
          "d.status === ACTIVE && d.special === 'no'",
          'd.status === ACTIVE',
        ),
      );
      // Issue 49: a rule only the case-step machine runs moves its version alone.
      const stepRule = copy('step-rule', (dir) =>
        rewrite(
          path.join(dir, 'contract', 'case-rules.ts'),
          "if (!trimmed) return CASE_STEPS[kind].textNeeded ? 'required' : null;",
          "if (!trimmed) return CASE_STEPS[kind].textNeeded || kind === 'withdraw' ? 'required' : null;",
        ),
      );
      // Issue 49: what a session leaves in the tab and what a rejection needs are the machines' own.
      const storage = copy('storage', (dir) =>
        rewrite(path.join(dir, 'machines', 'session-storage.ts'), '  store.clear();\n', ''),
      );
      const justification = copy('justification', (dir) =>
        rewrite(
          path.join(dir, 'contract', 'case-lifecycle.machine.ts'),
          'reasoned: ({ event }) => !!event.reason?.trim(),',
          'reasoned: () => true,',
        ),
      );
      const failure = copy('failure', (dir) =>
        rewrite(path.join(dir, 'machines', 'api-failure.ts'), 'status === 0 || status >= 500', 'status >= 500'),
      );
      // A formatter's work (lines joined, a trailing comma gone) is no change of what runs.
      const layout = copy('layout', (dir) =>
        rewrite(
          path.join(dir, 'machines', 'session.machine.ts'),
          "actions: [{ type: 'clearToken', params: keptFor }, { type: 'forgetKept', params: keptFor }, 'forget', 'goHome'],",
          "actions: [\n    { type: 'clearToken', params: keptFor },\n    { type: 'forgetKept', params: keptFor },\n    'forget',\n    'goHome',\n  ],",
        ),
      );
      const words = copy('words', (dir) => {
        rewrite(
          path.join(dir, 'machines', 'lockout.machine.ts'),
          '  guards: {',
          '  // A comment an auditor never reads.\n  guards: {',
        );
        const file = path.join(dir, 'machines', 'lockout.words.json');
        const json = JSON.parse(readFileSync(file, 'utf8')) as { machine: { en: string } };
        json.machine.en += ' Reworded.';
        writeFileSync(file, JSON.stringify(json));
      });
      const shapes = async (dir: string) =>
        new Map((await loadMachines(dir)).map((m) => [m.name, shapeOf(m.machine)] as const));
      const before = await shapes(same);
      const [byGuard, byRule, byWords, byStepRule, byFailure, byStorage, byJustification, byLayout] =
        (await Promise.all([guard, rule, words, stepRule, failure, storage, justification, layout].map(shapes))) as [
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
          Map<string, FlowShape>,
        ];
      const changed = (after: Map<string, FlowShape>) => compareFlows(before, after);
      expect(changed(byWords)).toEqual([]);
      expect(changed(byLayout)).toEqual([]);
      expect(changed(byGuard).map((c) => [c.name, c.added, c.removed, c.changed, c.code])).toEqual([
        ['lockout', [], [], [], ['~ lockoutMachine (machines/lockout.machine.ts)']],
      ]);
      // The rule is the contract's: every machine that runs it changes, and no other.
      const byRuleChanges = changed(byRule);
      expect(byRuleChanges.map((c) => c.name)).toEqual(
        [...before].filter(([, shape]) => 'isOpenDivision (contract/rules.ts)' in shape.code).map(([name]) => name),
      );
      for (const c of byRuleChanges) expect(c.code).toEqual(['~ isOpenDivision (contract/rules.ts)']);
      expect(changed(byStepRule).map((c) => [c.name, c.code])).toEqual([
        ['case-step', ['~ stepTextProblem (contract/case-rules.ts)']],
      ]);
      expect(changed(byStorage).map((c) => [c.name, c.code])).toEqual([
        ['session', ['~ endSession (machines/session-storage.ts)']],
      ]);
      expect(changed(byJustification).map((c) => [c.name, c.code])).toEqual([
        ['case-lifecycle', ['~ caseLifecycleMachine (contract/case-lifecycle.machine.ts)']],
      ]);
      // A shared guard moves the machines that call it, and names itself.
      const byFailureChanges = changed(byFailure);
      expect(byFailureChanges.length).toBeGreaterThan(1);
      expect(byFailureChanges.length).toBeLessThan(before.size);
      for (const c of byFailureChanges) expect(c.code).toEqual(['~ isServerFailure (machines/api-failure.ts)']);
      expect(formatChanges(changed(byGuard), { from: 'v1', to: 'v2', date: '2026-11-27' }, true)).toContain(
        '- ~ `lockoutMachine (machines/lockout.machine.ts)`',
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('an older release’s machines load even when they import a package the project no longer has', async () => {
    const dir = mkdtempSync(path.join(ROOT, '.flows-since-test-'));
    try {
      mkdirSync(path.join(dir, 'machines'));
      mkdirSync(path.join(dir, 'contract'));
      writeFileSync(
        path.join(dir, 'machines', 'old.machine.ts'),
        [
          "import { gone, type Gone } from 'a-package-long-removed';",
          "import { setup } from 'xstate';",
          'export const decode = (t: Gone) => gone(t);',
          "export const oldMachine = setup({}).createMachine({ id: 'old', initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } });",
        ].join('\n'),
      );
      // As `npm run flows -- --since` loads them: in Node itself, whose module hooks do the stubbing.
      const read = (stub: boolean) =>
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `${stub ? `(await import(${JSON.stringify(path.join(ROOT, 'scripts', 'flows-since-hooks.ts'))})).stubMissingPackages(${JSON.stringify(dir)});` : ''}
             const { loadMachines } = await import(${JSON.stringify(path.join(ROOT, 'scripts', 'flows', 'graph.ts'))});
             const { shapeOf } = await import(${JSON.stringify(path.join(ROOT, 'scripts', 'flows', 'changes.ts'))});
             const [old] = await loadMachines(${JSON.stringify(dir)});
             console.log(shapeOf(old.machine).transitions.get('a · GO'));`,
          ],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        ).trim();
      expect(() => read(false)).toThrow(/a-package-long-removed/);
      expect(read(true)).toBe('-> b');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('`npm run flows -- --since <ref>` compares with the machines of that ref: none changed since HEAD', () => {
    const day = () => new Date().toISOString().slice(0, 10);
    const before = day();
    const out = execFileSync(
      process.execPath,
      [path.join(import.meta.dirname, '..', '..', 'scripts', 'flows.ts'), '--since', 'HEAD'],
      { encoding: 'utf8' },
    );
    // The machines as committed (in CI, always): nothing changed. A working copy with edits lists them, and says so.
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const edited =
      execFileSync('git', ['status', '--porcelain', '--', 'machines', 'contract'], { encoding: 'utf8' }).trim() !== '';
    const span = `Workflow changes from ${head} to ${edited ? `${head} with uncommitted changes` : head}`;
    // The day it ran (a run across midnight may say either).
    expect(
      [`${span} (${before})`, `${span} (${day()})`].some((line) => out.includes(line)),
      out,
    ).toBe(true);
    if (!edited) expect(out).toContain('No machine changed.');
  });
});
